import { setTimeout as sleep } from 'node:timers/promises';
import type { SmsSender } from './sms-sender.ts';
import { basicAuth, localThaiNumber, THAIBULKSMS_SEND_PATH, ZThaiBulkSmsError, ZThaiBulkSmsSent } from './thaibulksms-protocol.ts';

/** Why the gateway did not take a message; the member sees OTP_SEND_FAIL and may ask again. */
export class SmsNotSentError extends Error {
  override readonly name = 'SmsNotSentError';
}

/**
 * Sends through ThaiBulkSMS's API v2 (docs/accounts.md, "ThaiBulkSMS"). Plain fetch, not the
 * npm package `thaibulksms-api`: that one is a single person's wrapper, last published four years
 * ago, and the vendor's own `@thaibulksms/tbs` is a command line tool, not a library; the call
 * is one form post.
 *
 * Answers: 2xx with our number among the taken ones is sent; a number in `bad_phone_number_list`
 * is refused for good; 429 and 5xx are asked once more after a short pause (nothing was sent);
 * a timeout is not retried (the text may have gone out; the member can ask for another code);
 * 401/403 (key, credit) and garbled answers are not sent. The key and secret travel in the
 * Authorization header only and never appear in an error.
 */
export function createThaiBulkSmsSender(deps: {
  baseUrl: () => string;
  credentials: () => { key: string; secret: string };
  sender: string | undefined;
  force: 'standard' | 'corporate';
  timeoutMs?: number;
  retryPauseMs?: number;
  signal?: AbortSignal;
}): SmsSender {
  const timeoutMs = deps.timeoutMs ?? 5_000;

  async function post(phone: string, text: string): Promise<Response> {
    const { key, secret } = deps.credentials();
    const form = new URLSearchParams({ msisdn: phone, message: text, force: deps.force });
    if (deps.sender) form.set('sender', deps.sender);
    const deadline = AbortSignal.timeout(timeoutMs);
    try {
      return await fetch(`${deps.baseUrl()}${THAIBULKSMS_SEND_PATH}`, {
        method: 'POST',
        headers: { authorization: basicAuth(key, secret), 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
        signal: deps.signal ? AbortSignal.any([deadline, deps.signal]) : deadline,
      });
    } catch (error) {
      const name = (error as { name?: unknown } | null)?.name;
      throw new SmsNotSentError(
        name === 'TimeoutError' || name === 'AbortError' ? 'thaibulksms: no answer in time' : 'thaibulksms: unreachable',
      );
    }
  }

  return {
    async send(phone, text) {
      let response = await post(phone, text);
      if (response.status === 429 || response.status >= 500) {
        await response.arrayBuffer();
        const after = Number(response.headers.get('retry-after'));
        await sleep(Number.isFinite(after) && after > 0 ? Math.min(after * 1000, 2_000) : (deps.retryPauseMs ?? 500));
        response = await post(phone, text);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new SmsNotSentError(`thaibulksms: HTTP ${response.status} with an answer that is not JSON`);
      }
      if (!response.ok) {
        const error = ZThaiBulkSmsError.safeParse(body);
        throw new SmsNotSentError(`thaibulksms: HTTP ${response.status}${error.success ? ` ${error.data.error.name}` : ''}`);
      }
      const sent = ZThaiBulkSmsSent.safeParse(body);
      if (!sent.success) throw new SmsNotSentError(`thaibulksms: HTTP ${response.status} with an answer that is not a send result`);
      const wanted = localThaiNumber(phone);
      if (sent.data.bad_phone_number_list.some((b) => localThaiNumber(b.number) === wanted))
        throw new SmsNotSentError('thaibulksms: the number was refused');
      if (!sent.data.phone_number_list.some((p) => localThaiNumber(p.number) === wanted))
        throw new SmsNotSentError('thaibulksms: the number is not among those taken');
    },
  };
}
