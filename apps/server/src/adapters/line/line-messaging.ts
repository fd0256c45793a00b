import { HTTPFetchError, messagingApi, validateSignature } from '@line/bot-sdk';

/** What became of one push: sent (or already sent under this retry key), worth retrying, or refused for good. */
export type PushOutcome = { kind: 'sent' } | { kind: 'retry'; error: string; retryAfterMs?: number } | { kind: 'refused'; error: string };

export interface LineMessaging {
  /** One push of text messages to a user or group; never throws for LINE's answers. */
  push(to: string, texts: string[], retryKey: string): Promise<PushOutcome>;
  /** Where pushes go (LINE, or the sandbox's simulator). */
  baseUrl(): string;
}

/**
 * LINE's Messaging API through the official SDK (@line/bot-sdk's
 * MessagingApiClient): baseURL is LINE's, or the sandbox's LINE simulator.
 * Every push carries X-Line-Retry-Key, so a push repeated after a lost answer
 * is delivered once: LINE answers 409 to a key it already accepted.
 */
export function createLineMessaging(deps: { baseUrl: () => string; channelAccessToken: string; timeoutMs?: number }): LineMessaging {
  let client: messagingApi.MessagingApiClient | undefined;
  let clientBase = '';
  const clientFor = () => {
    const base = deps.baseUrl();
    if (!client || clientBase !== base) {
      client = new messagingApi.MessagingApiClient({ channelAccessToken: deps.channelAccessToken, baseURL: base });
      clientBase = base;
    }
    return client;
  };
  const timeoutMs = deps.timeoutMs ?? 10_000;

  return {
    baseUrl: deps.baseUrl,
    async push(to, texts, retryKey) {
      try {
        const sending = clientFor().pushMessage({ to, messages: texts.map((text) => ({ type: 'text', text })) }, retryKey);
        await withDeadline(sending, timeoutMs);
        return { kind: 'sent' };
      } catch (error) {
        if (error instanceof HTTPFetchError) {
          // 409: this retry key was accepted before (our earlier attempt got through).
          if (error.status === 409) return { kind: 'sent' };
          const reason = `LINE answered ${error.status} ${lineMessage(error.body)}`;
          if (error.status === 429 || error.status >= 500) return { kind: 'retry', error: reason };
          // 401: the channel token is wrong or expired; a person must replace it, but the notice waits for them.
          if (error.status === 401) return { kind: 'retry', error: reason, retryAfterMs: 15 * 60_000 };
          return { kind: 'refused', error: reason };
        }
        return { kind: 'retry', error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

/** LINE's `message` field of an error body, never the request (it holds no secret, but keep logs short). */
function lineMessage(body: unknown): string {
  try {
    const parsed = typeof body === 'string' ? (JSON.parse(body) as { message?: unknown }) : undefined;
    return typeof parsed?.message === 'string' ? parsed.message.slice(0, 200) : '';
  } catch {
    return '';
  }
}

async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`LINE gave no answer in ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** The x-line-signature check as LINE specifies it (HMAC-SHA256 of the raw body with the channel secret, base64), by the SDK. */
export function lineSignatureValid(rawBody: Buffer, channelSecret: string, signature: unknown): boolean {
  return typeof signature === 'string' && signature.length > 0 && validateSignature(rawBody, channelSecret, signature);
}
