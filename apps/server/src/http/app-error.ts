import { ERROR_STATUS, type ErrorCode } from '@jetton/contract/errors';

/**
 * The one error type services throw. The error handler turns it into
 * `{ "message": code }` with the catalogue's HTTP status (or `status` when given).
 * `retryAfterSeconds`, when given, is sent in the body beside the code and as a
 * Retry-After header (a refusal that ends by itself, such as a login lockout).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, status?: number, extra?: { retryAfterSeconds?: number }) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = status ?? ERROR_STATUS[code];
    this.retryAfterSeconds = extra?.retryAfterSeconds;
  }
}
