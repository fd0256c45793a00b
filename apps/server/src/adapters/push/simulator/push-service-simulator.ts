// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- http_ece ships no types: each project that reaches this file (the root one too) must see them
/// <reference path="./http-ece.d.ts" />
import { createECDH, createPublicKey, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ece from 'http_ece';
import { z } from 'zod';
import { escapeHtml as esc } from '../../../http/html.ts';
import { listOnSandboxIndex } from '../../../sandbox/sandbox-index.ts';
import { sandboxPage, sendPage } from '../../../sandbox/sandbox-page.ts';

type Browser = { ecdh: ECDH; auth: string; fault: number | null; messages: { at: string; payload: string; ttl: number }[] };

const ZFault = z.object({ status: z.union([z.literal(404), z.literal(410), z.literal(429)]).nullable() });
const LIMIT = 200;

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<P-256 public key>`; the JWT signed ES256 by that key, for this origin, not expired. */
function vapidRefusal(request: FastifyRequest, origin: string, now: number): string | null {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(request.headers.authorization ?? '');
  if (!match?.[1] || !match[2]) return 'no VAPID authorization';
  const [header, claims, signature] = match[1].split('.') as [string, string, string];
  const point = Buffer.from(match[2], 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'k is not an uncompressed P-256 point';
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return 'VAPID signature does not verify';
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud?: string; exp?: number; sub?: string };
  if (body.aud !== origin) return `aud ${body.aud ?? '(none)'} is not ${origin}`;
  if (typeof body.exp !== 'number' || body.exp * 1000 <= now || body.exp * 1000 > now + 24 * 3600 * 1000)
    return 'exp missing, past, or over 24 hours ahead';
  if (!body.sub) return 'no sub';
  return null;
}

/**
 * A push service as the Web Push standards define it (RFC 8030 delivery, RFC 8291 encryption, RFC 8292
 * VAPID), for the sandbox and the tests: a headless browser cannot reach a real one. It makes test
 * "browsers" (a P-256 key pair and an auth secret, as PushManager.subscribe() does), takes messages
 * at their endpoints only when the VAPID signature holds, decrypts them with the browser's keys, and
 * can answer as a real service does when a subscription expired (404, 410) or it is overloaded (429).
 */
export function registerPushServiceSimulator(app: FastifyInstance): void {
  const browsers = new Map<string, Browser>();
  listOnSandboxIndex(app, {
    path: '/sandbox/push',
    title: 'Push service (Web Push)',
    about:
      'A push service speaking RFC 8030/8291/8292: test subscriptions, VAPID checked, messages decrypted and listed; 404, 410 and 429 on demand.',
  });

  // For a person: each test browser and the notices it received, decrypted, newest first.
  app.get('/sandbox/push', { schema: { hide: true } }, (_request, reply) => {
    const rows = [...browsers.entries()]
      .map(([id, b]) => {
        const items = b.messages
          .toReversed()
          .map((m) => `<li><code>${esc(m.at)}</code> ${esc(m.payload)}</li>`)
          .join('');
        return `<h2><code>${esc(id)}</code></h2><ul>${items || '<li>Nothing received yet.</li>'}</ul>`;
      })
      .join('');
    const body = `<p>Test subscriptions: <code>POST /sandbox/push/subscriptions</code>; what each received: <code>GET /sandbox/push/messages/&lt;id&gt;</code>.</p>${rows || '<p>No test browser yet.</p>'}`;
    return sendPage(reply, sandboxPage({ title: 'Push service', body, refreshSeconds: 5 }));
  });

  app.post('/sandbox/push/subscriptions', { schema: { hide: true } }, (request) => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const id = randomUUID();
    const auth = randomBytes(16).toString('base64url');
    browsers.set(id, { ecdh, auth, fault: null, messages: [] });
    return {
      endpoint: `${request.protocol}://${request.host}/sandbox/push/send/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
    };
  });

  app.register((scope, _options, done) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 8 * 1024 }, (_request, body, next) => next(null, body));
    scope.post('/sandbox/push/send/:id', { schema: { hide: true } }, async (request, reply) => {
      const browser = browsers.get((request.params as { id: string }).id);
      if (!browser) return reply.status(404).send({ reason: 'no such subscription' });
      if (browser.fault === 429) reply.header('retry-after', '30');
      if (browser.fault) return reply.status(browser.fault).send({ reason: 'fault' });
      const refusal = vapidRefusal(request, `${request.protocol}://${request.host}`, Date.now());
      if (refusal) return reply.status(403).send({ reason: refusal });
      if (request.headers['content-encoding'] !== 'aes128gcm')
        return reply.status(415).send({ reason: 'Content-Encoding must be aes128gcm' });
      const ttl = Number(request.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return reply.status(400).send({ reason: 'TTL header required' });
      let payload: string;
      try {
        payload = ece
          .decrypt(request.body as Buffer, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth })
          .toString('utf8');
      } catch {
        return reply.status(400).send({ reason: 'payload does not decrypt with the subscription keys' });
      }
      browser.messages.push({ at: new Date().toISOString(), payload, ttl });
      if (browser.messages.length > LIMIT) browser.messages.shift();
      return reply.status(201).header('location', `/sandbox/push/messages/${randomUUID()}`).send();
    });
    done();
  });

  app.get('/sandbox/push/messages/:id', { schema: { hide: true } }, (request, reply) => {
    const browser = browsers.get((request.params as { id: string }).id);
    if (!browser) return reply.status(404).send({ message: 'NO_DATA' });
    return { messages: browser.messages };
  });

  app.post('/sandbox/push/faults/:id', { schema: { hide: true, body: ZFault } }, (request, reply) => {
    const browser = browsers.get((request.params as { id: string }).id);
    if (!browser) return reply.status(404).send({ message: 'NO_DATA' });
    browser.fault = (request.body as z.infer<typeof ZFault>).status;
    return { ok: true };
  });
}
