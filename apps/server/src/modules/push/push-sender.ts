import webpush from 'web-push';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushOutcome =
  | { kind: 'sent' }
  /** The push service no longer knows this browser (404, 410): drop the subscription. */
  | { kind: 'gone'; error: string }
  /** Refused for good (a bad request, a payload too large, VAPID refused). */
  | { kind: 'refused'; error: string }
  /** Try again later (rate limit, the service down, no answer). */
  | { kind: 'retry'; error: string; retryAfterMs?: number };

/**
 * Sends one push message (RFC 8030, 8291, 8292). web-push, the library the Web Push protocol's own
 * maintainers keep, encrypts the payload for the browser's keys and signs the request with the
 * site's VAPID key; the request goes out with fetch (web-push's own sender speaks only https, and
 * the sandbox's push service is plain http). Never throws: every answer becomes an outcome.
 */
export function createPushSender(vapid: { subject: string; publicKey: string; privateKey: string }, signal?: AbortSignal) {
  return async (target: PushTarget, payload: string): Promise<PushOutcome> => {
    let status: number;
    let answer: string;
    let retryAfter: string | null;
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: vapid,
          TTL: 24 * 3600,
        },
      );
      const signals = [AbortSignal.timeout(10_000), ...(signal ? [signal] : [])];
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? null,
        signal: AbortSignal.any(signals),
      });
      status = res.status;
      answer = (await res.text()).slice(0, 200);
      retryAfter = res.headers.get('retry-after');
    } catch (error) {
      return { kind: 'retry', error: error instanceof Error ? error.message : String(error) };
    }
    if (status >= 200 && status < 300) return { kind: 'sent' };
    const what = `${status} ${answer}`;
    if (status === 404 || status === 410) return { kind: 'gone', error: what };
    if (status === 429 || status >= 500) {
      const seconds = Number(retryAfter);
      return { kind: 'retry', error: what, ...(Number.isFinite(seconds) && seconds > 0 ? { retryAfterMs: seconds * 1000 } : {}) };
    }
    return { kind: 'refused', error: what };
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
