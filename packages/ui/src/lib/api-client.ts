import { TIMEOUTS_MS } from '@jetton/contract/constants';
import { ApiError } from './api-error';
import { takeEarlyResponse } from './early-fetch';
import { loadingTracker } from './loading-tracker';
import { emitSessionEvent } from './session-handlers';
import { storage } from './storage';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a call needs of its schema: zod's `safeParse` (every contract schema
 * fits). Typed this loosely so a screen that must not download zod, /login,
 * can pass a hand-written check (docs/performance.md).
 */
export type ResponseParser<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error?: unknown };
};

export type ApiRequestOptions<T> = {
  /** Parses the success body; a body that does not match throws `INVALID_RESPONSE`. */
  schema: ResponseParser<T>;
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  /** Defaults to TIMEOUTS_MS.default (60 s). */
  timeoutMs?: number;
  /**
   * For money-moving POSTs: a key per user action (reuse it when retrying the
   * same action), or `true` for a fresh `crypto.randomUUID()`.
   */
  idempotencyKey?: string | true;
  /** Background calls (refetches, polling) never show the loading overlay. */
  background?: boolean;
  /** Cancels the call, e.g. TanStack Query's signal. */
  signal?: AbortSignal;
  /** Extra headers; an explicit Authorization here wins over the stored token. */
  headers?: Record<string, string>;
};

/** Same-origin API: the Vite dev server and the production server both serve /api. */
const BASE_URL = '';

type RequestOutcome = { status: number; payload: unknown };

function buildHeaders(options: ApiRequestOptions<unknown>, hasJsonBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
  const token = storage.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (hasJsonBody) headers.set('Content-Type', 'application/json');
  if (options.idempotencyKey !== undefined) {
    headers.set('Idempotency-Key', options.idempotencyKey === true ? crypto.randomUUID() : options.idempotencyKey);
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return headers;
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

function messageOf(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null || !('message' in payload)) return undefined;
  const { message } = payload;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** The seconds a refusal lasts, when the server says (LOGIN_LOCKED). */
function retryAfterOf(payload: unknown): number | undefined {
  if (typeof payload !== 'object' || payload === null || !('retryAfterSeconds' in payload)) return undefined;
  const { retryAfterSeconds } = payload;
  return typeof retryAfterSeconds === 'number' && Number.isFinite(retryAfterSeconds) ? retryAfterSeconds : undefined;
}

async function send(path: string, options: ApiRequestOptions<unknown>): Promise<RequestOutcome> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? TIMEOUTS_MS.default);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  const isForm = options.body instanceof FormData;
  const hasJsonBody = options.body !== undefined && !isForm;
  const method = options.method ?? 'GET';
  // A plain GET the page already started (the home's first reads) is not asked twice.
  const early =
    method === 'GET' && options.body === undefined && !options.headers ? takeEarlyResponse(path, storage.getToken()) : undefined;
  try {
    const response = await (early ??
      fetch(`${BASE_URL}${path}`, {
        method,
        headers: buildHeaders(options, hasJsonBody),
        body: isForm ? (options.body as FormData) : hasJsonBody ? JSON.stringify(options.body) : undefined,
        signal,
      }));
    return { status: response.status, payload: await readPayload(response) };
  } catch (error) {
    if (timeout.signal.aborted) throw new ApiError('TIMEOUT', 0, { cause: error });
    if (options.signal?.aborted) throw new ApiError('ABORTED', 0, { cause: error });
    throw new ApiError('NETWORK_ERROR', 0, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls the API and returns the parsed body, or throws an ApiError. It shows
 * nothing by itself: callers decide between toast, dialog or silence
 * (docs/screens.md, "Errors and messages"). The only global reactions are the
 * two session rules.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  const endLoading = options.background ? undefined : loadingTracker.begin();
  try {
    const { status, payload } = await send(path, options);
    const message = messageOf(payload);
    if (message === 'gone') {
      emitSessionEvent('gone');
      throw new ApiError('gone', status);
    }
    if (status < 200 || status >= 300) {
      const code = message ?? 'INTERNAL_SERVER_ERROR';
      if (code === 'invalid-token') emitSessionEvent('invalid-token');
      throw new ApiError(code, status, { retryAfterSeconds: retryAfterOf(payload) });
    }
    const parsed = options.schema.safeParse(payload);
    if (!parsed.success) throw new ApiError('INVALID_RESPONSE', status, { cause: parsed.error });
    return parsed.data;
  } finally {
    endLoading?.();
  }
}
