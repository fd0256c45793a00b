import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { setSessionHandlers } from './session-handlers';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

const ZOk = z.object({ ok: z.boolean() });

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function stubFetch(impl: (url: string, init: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('apiRequest', () => {
  const onInvalidToken = vi.fn();
  const onGone = vi.fn();

  beforeEach(() => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    setSessionHandlers({ 'invalid-token': onInvalidToken, gone: onGone });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    onInvalidToken.mockReset();
    onGone.mockReset();
  });

  it('returns the body parsed with the caller schema', async () => {
    stubFetch(() => Promise.resolve(jsonResponse({ ok: true, extra: 1 })));
    await expect(apiRequest('/api/x', { schema: ZOk })).resolves.toEqual({ ok: true });
  });

  it('sends X-Requested-With always and the stored token as a bearer header', async () => {
    sessionStorage.setItem('token', 'abc');
    const fetchMock = stubFetch(() => Promise.resolve(jsonResponse({ ok: true })));
    await apiRequest('/api/x', { schema: ZOk, method: 'POST', body: { a: 1 }, idempotencyKey: 'key-1' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(url).toBe('/api/x');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('Authorization')).toBe('Bearer abc');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Idempotency-Key')).toBe('key-1');
  });

  it('sends no Authorization header without a stored token, and a fresh UUID for idempotencyKey: true', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(jsonResponse({ ok: true })));
    await apiRequest('/api/x', { schema: ZOk, method: 'POST', body: {}, idempotencyKey: true });
    const headers = new Headers(fetchMock.mock.calls[0]?.[1].headers);
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('maps an error body to its message code and HTTP status', async () => {
    stubFetch(() => Promise.resolve(jsonResponse({ message: 'MONEY_NOT_ENOUGH' }, 422)));
    const error = await failureOf(apiRequest('/api/x', { schema: ZOk }));
    expect(error.code).toBe('MONEY_NOT_ENOUGH');
    expect(error.status).toBe(422);
    expect(onInvalidToken).not.toHaveBeenCalled();
    expect(onGone).not.toHaveBeenCalled();
  });

  it('maps an error without a message to INTERNAL_SERVER_ERROR', async () => {
    stubFetch(() => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 })));
    const error = await failureOf(apiRequest('/api/x', { schema: ZOk }));
    expect(error.code).toBe('INTERNAL_SERVER_ERROR');
    expect(error.status).toBe(502);
  });

  it('maps a failed connection to NETWORK_ERROR with status 0', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failureOf(apiRequest('/api/x', { schema: ZOk }));
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.status).toBe(0);
  });

  it('maps a success body that breaks the schema to INVALID_RESPONSE', async () => {
    stubFetch(() => Promise.resolve(jsonResponse({ ok: 'yes' })));
    const error = await failureOf(apiRequest('/api/x', { schema: ZOk }));
    expect(error.code).toBe('INVALID_RESPONSE');
  });

  it('aborts after the default 60 s and reports TIMEOUT', async () => {
    vi.useFakeTimers();
    stubFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = failureOf(apiRequest('/api/x', { schema: ZOk }));
    await vi.advanceTimersByTimeAsync(59_999);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).code).toBe('TIMEOUT');
  });

  it('honours a per-call timeout', async () => {
    vi.useFakeTimers();
    stubFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = failureOf(apiRequest('/api/x', { schema: ZOk, timeoutMs: 5_000 }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await pending).code).toBe('TIMEOUT');
  });

  it('runs the invalid-token session rule and still throws the error to the caller', async () => {
    stubFetch(() => Promise.resolve(jsonResponse({ message: 'invalid-token' }, 401)));
    const error = await failureOf(apiRequest('/api/x', { schema: ZOk }));
    expect(error.code).toBe('invalid-token');
    expect(onInvalidToken).toHaveBeenCalledTimes(1);
    expect(onGone).not.toHaveBeenCalled();
  });

  it('runs the gone session rule for a gone message', async () => {
    stubFetch(() => Promise.resolve(jsonResponse({ message: 'gone' }, 503)));
    const error = await failureOf(apiRequest('/api/x', { schema: ZOk }));
    expect(error.code).toBe('gone');
    expect(onGone).toHaveBeenCalledTimes(1);
  });
});
