import { request } from 'undici';
import { ProviderError } from './game-provider.ts';

export type ProviderResponse = { status: number; body: unknown };

/**
 * One HTTP call to a provider with its own deadline (AbortSignal.timeout): a
 * slow provider costs at most `timeoutMs`, never the member's whole request.
 * `signal` ends it sooner: the app's close signal, so a node that is closing
 * never waits on a hung provider (docs/http.md, "Shutdown"); the call then
 * counts as timed out (its outcome unknown, as with the deadline).
 * Throws ProviderError 'timeout' | 'unavailable' (no answer) or 'bad-response'
 * (an answer that is not JSON). HTTP error statuses are returned, not thrown:
 * the caller decides what a 4xx or 5xx means for its call.
 */
export async function providerRequest(
  url: string,
  init: {
    method: 'GET' | 'POST' | 'PUT';
    headers?: Record<string, string>;
    body?: unknown;
    timeoutMs: number;
    signal?: AbortSignal | undefined;
  },
): Promise<ProviderResponse> {
  const deadline = AbortSignal.timeout(init.timeoutMs);
  let status: number;
  let text: string;
  try {
    // undici's request(), not fetch(): the same client without the WHATWG streams and objects
    // fetch builds around every call, a tenth of a transfer's server CPU (docs/performance.md).
    const response = await request(url, {
      method: init.method,
      headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal ? AbortSignal.any([deadline, init.signal]) : deadline,
    });
    status = response.statusCode;
    text = await response.body.text();
  } catch (error) {
    throw asTransportError(error, url);
  }
  try {
    return { status, body: text === '' ? null : (JSON.parse(text) as unknown) };
  } catch {
    throw new ProviderError('bad-response', `${init.method} ${url}: ${status} with a body that is not JSON`);
  }
}

function asTransportError(error: unknown, url: string): ProviderError {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return new ProviderError('timeout', `${url}: no answer in time`);
  return new ProviderError('unavailable', `${url}: ${error instanceof Error ? error.message : String(error)}`);
}
