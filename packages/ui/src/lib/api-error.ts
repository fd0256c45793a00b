import type { ErrorCode } from '@jetton/contract/errors';

/**
 * Codes the client itself produces when no server answer explains the failure.
 * They are translated like server codes (`errors.<CODE>`).
 */
export const CLIENT_ERROR_CODES = ['NETWORK_ERROR', 'TIMEOUT', 'ABORTED', 'INVALID_RESPONSE'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/**
 * A failed API call. `code` is the server's `message` (usually an ErrorCode of
 * the contract, but servers may send free text) or a ClientErrorCode; `status`
 * is the HTTP status, 0 when no response arrived.
 */
export class ApiError extends Error {
  readonly code: ErrorCode | ClientErrorCode | (string & {});
  readonly status: number;
  /** How long the refusal lasts, when the server says (a login lockout). */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: string, status: number, options?: { cause?: unknown; retryAfterSeconds?: number }) {
    super(code, options);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
