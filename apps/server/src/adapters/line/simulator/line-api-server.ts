import { createHmac, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { keyMatches } from '../../party-keys.ts';

/** A push LINE accepted, as the simulator keeps it for tests and the sandbox page. */
export type RecordedPush = { to: string; texts: string[]; retryKey: string | undefined; at: string };

/** What LINE's documentation says can go wrong for a push; each count is used up by the next pushes. */
export type LineFaults = {
  rateLimit: number;
  serverError: number;
  expiredToken: number;
  timeout: number;
  malformed: number;
  holdMs: number;
};
export const NO_LINE_FAULTS: LineFaults = { rateLimit: 0, serverError: 0, expiredToken: 0, timeout: 0, malformed: 0, holdMs: 15_000 };

const ZPush = z.object({
  to: text().min(1).max(64),
  messages: z
    .array(z.object({ type: z.literal('text'), text: text().min(1).max(5000) }))
    .min(1)
    .max(5),
});

const RETRY_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIMIT = 5_000;

/**
 * LINE's Messaging API push endpoint (POST /v2/bot/message/push on
 * api.line.me) on its own loopback listener: the SDK resolves its paths
 * against the host root, so the simulator cannot sit under /sandbox as the
 * other simulators' APIs do. Status codes, bodies and the retry-key rule are
 * those of LINE's Messaging API reference.
 */
export function createLineApiServer(deps: { accessToken: string }) {
  const pushes: RecordedPush[] = [];
  const accepted = new Map<string, { sentMessages: { id: string; quoteToken: string }[] }>();
  const faults: LineFaults = { ...NO_LINE_FAULTS };
  const server: FastifyInstance = Fastify({ logger: false });

  const take = (fault: Exclude<keyof LineFaults, 'holdMs'>) => (faults[fault] > 0 ? (faults[fault]--, true) : false);

  server.post('/v2/bot/message/push', async (request, reply) => {
    const requestId = randomBytes(16).toString('hex');
    void reply.header('x-line-request-id', requestId);
    if (take('timeout')) await new Promise((resolve) => setTimeout(resolve, faults.holdMs));
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    if (!keyMatches(deps.accessToken, bearer))
      return reply
        .status(401)
        .send({ message: 'Authentication failed. Confirm that the access token in the authorization header is valid.' });
    if (take('expiredToken')) return reply.status(401).send({ message: 'Authentication failed due to the expired access token' });
    if (take('rateLimit')) return reply.status(429).send({ message: 'The API rate limit has been exceeded. Try again later.' });
    if (take('serverError')) return reply.status(500).send({ message: 'An error occurred in the server.' });
    const retryKey = request.headers['x-line-retry-key'];
    if (retryKey !== undefined && (typeof retryKey !== 'string' || !RETRY_KEY.test(retryKey)))
      return reply.status(400).send({ message: "The value for the 'X-Line-Retry-Key' header is invalid" });
    const before = typeof retryKey === 'string' ? accepted.get(retryKey) : undefined;
    if (before) {
      void reply.header('x-line-accepted-request-id', requestId);
      return reply.status(409).send({ message: 'The retry key is already accepted', ...before });
    }
    const body = ZPush.safeParse(request.body);
    if (!body.success) {
      const details = body.error.issues.map((i) => ({ message: i.message, property: i.path.join('.') }));
      return reply.status(400).send({ message: `The request body has ${details.length} error(s)`, details });
    }
    const answer = {
      sentMessages: body.data.messages.map(() => ({
        id: randomBytes(8).readBigUInt64BE().toString(),
        quoteToken: randomBytes(12).toString('base64url'),
      })),
    };
    pushes.push({ to: body.data.to, texts: body.data.messages.map((m) => m.text), retryKey, at: new Date().toISOString() });
    if (pushes.length > LIMIT) pushes.shift();
    if (typeof retryKey === 'string') accepted.set(retryKey, answer);
    // Accepted, but the answer is cut short: the sender cannot tell, tries again, and the retry key keeps it to one.
    if (take('malformed')) return reply.status(200).header('content-type', 'application/json').send('{"sentMessages":[');
    return answer;
  });

  return {
    pushes,
    faults,
    async listen(): Promise<string> {
      return server.listen({ host: '127.0.0.1', port: 0 });
    },
    close: () => server.close(),
  };
}
export type LineApiServer = ReturnType<typeof createLineApiServer>;

/** A webhook request body as LINE sends it, and its x-line-signature (HMAC-SHA256 of the body with the channel secret, base64). */
export function signedWebhook(channelSecret: string, destination: string, events: object[]): { body: string; signature: string } {
  const body = JSON.stringify({ destination, events });
  return { body, signature: createHmac('sha256', channelSecret).update(body).digest('base64') };
}

/** A text message event from a user, in the webhook's documented shape. */
export function textMessageEvent(userId: string, text: string, now: Date): object {
  return {
    type: 'message',
    mode: 'active',
    timestamp: now.getTime(),
    source: { type: 'user', userId },
    webhookEventId: `01${randomBytes(12).toString('hex').toUpperCase()}`,
    deliveryContext: { isRedelivery: false },
    replyToken: randomBytes(16).toString('hex'),
    message: { id: randomBytes(8).readBigUInt64BE().toString(), type: 'text', quoteToken: randomBytes(12).toString('base64url'), text },
  };
}

export function unfollowEvent(userId: string, now: Date): object {
  return {
    type: 'unfollow',
    mode: 'active',
    timestamp: now.getTime(),
    source: { type: 'user', userId },
    webhookEventId: `01${randomBytes(12).toString('hex').toUpperCase()}`,
    deliveryContext: { isRedelivery: false },
  };
}
