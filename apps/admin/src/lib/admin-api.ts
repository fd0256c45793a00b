import { TIMEOUTS_MS } from '@jetton/contract/constants';
import { ApiError } from '@jetton/ui/lib/api-error';
import type { ResponseParser } from '@jetton/ui/lib/api-client';

/**
 * The admin app's API client (docs/operators.md, "The admin app"). The operator session is an
 * httpOnly cookie the browser sends by itself; what the page keeps is only the CSRF token the
 * login answered, in memory, sent as `X-CSRF-Token` on every request that changes something.
 * No member token is ever sent from here: the member app's client, which reads one, is not used.
 */
export type AdminRequestOptions<T> = {
  schema: ResponseParser<T>;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value goes as JSON; FormData as multipart. */
  body?: unknown;
  /** Money-moving POSTs: one key per operator action (docs/money.md, "Idempotency-Key"). */
  idempotencyKey?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Asking whether there is a session at all (who am I, on a page load): a 401 is an answer,
   * not a session that just ended, so the app is not sent to "your session expired".
   */
  sessionProbe?: boolean;
};

/** Why the session ended, as the login screen words it. */
export type SessionEnd = 'expired' | 'signed-out';

let csrfToken: string | undefined;
let onSessionEnded: (reason: SessionEnd) => void = () => undefined;

export const adminSession = {
  setCsrfToken(token: string | undefined): void {
    csrfToken = token;
  },
  hasCsrfToken: (): boolean => csrfToken !== undefined,
  /** The router registers what an ended session does (back to the login screen). */
  onEnded(handler: (reason: SessionEnd) => void): void {
    onSessionEnded = handler;
  },
  end(reason: SessionEnd): void {
    csrfToken = undefined;
    onSessionEnded(reason);
  },
};

/** Answers that mean "no operator session any more" (idle expiry, disabled operator, logout elsewhere). */
const SESSION_GONE = new Set(['invalid-token', 'ADMIN_SESSION_INVALID', 'ADMIN_SESSION_EXPIRED', 'UNAUTHORIZED']);

function messageOf(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null || !('message' in payload)) return undefined;
  const { message } = payload;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function adminRequest<T>(path: string, options: AdminRequestOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  if (method !== 'GET' && csrfToken) headers.set('X-CSRF-Token', csrfToken);
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? TIMEOUTS_MS.default);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: isForm ? (options.body as FormData) : options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    if (timeout.signal.aborted) throw new ApiError('TIMEOUT', 0, { cause: error });
    if (options.signal?.aborted) throw new ApiError('ABORTED', 0, { cause: error });
    throw new ApiError('NETWORK_ERROR', 0, { cause: error });
  } finally {
    clearTimeout(timer);
  }
  const payload = await readPayload(response);
  if (!response.ok) {
    const code = messageOf(payload) ?? 'INTERNAL_SERVER_ERROR';
    if (response.status === 401 && SESSION_GONE.has(code) && !options.sessionProbe) adminSession.end('expired');
    throw new ApiError(code, response.status);
  }
  const parsed = options.schema.safeParse(payload);
  if (!parsed.success) throw new ApiError('INVALID_RESPONSE', response.status, { cause: parsed.error });
  return parsed.data;
}
