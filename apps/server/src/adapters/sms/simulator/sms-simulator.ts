import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import type { Clock } from '../../../clock.ts';
import { listOnSandboxIndex } from '../../../sandbox/sandbox-index.ts';
import { sendPage } from '../../../sandbox/sandbox-page.ts';
import { renderOutboxPage } from './sms-outbox-page.ts';
import { SMS_SANDBOX_PATH } from '../sms-sender.ts';

export type SmsMessage = { id: number; to: string; text: string; sentAt: string };
/** The outbox every gateway simulator delivers into, so /sandbox/sms shows the codes whichever the site uses. */
export type SmsOutbox = { push(to: string, text: string): void };

/** Enough for a busy demo; the oldest messages fall off so memory stays bounded. */
const OUTBOX_LIMIT = 500;

const ZSend = z.object({ to: text().min(1).max(32), text: text().min(1).max(1_000) });
const ZQuery = z.object({ phone: text().max(32).optional() });

/**
 * The SMS gateway simulator (SANDBOX=on only): takes messages over HTTP like a
 * real gateway and keeps them in an in-memory outbox, readable as JSON (tests)
 * or as a page (people). Per process: with several nodes, read the node that sent.
 */
export function registerSmsSimulator(app: FastifyInstance, clock: Clock): SmsOutbox {
  const outbox: SmsMessage[] = [];
  let nextId = 1;
  const push = (to: string, text: string) => {
    outbox.push({ id: nextId++, to, text, sentAt: clock.now().toISOString() });
    if (outbox.length > OUTBOX_LIMIT) outbox.splice(0, outbox.length - OUTBOX_LIMIT);
  };
  const newestFirst = (phone: string | undefined): SmsMessage[] => outbox.filter((m) => phone === undefined || m.to === phone).reverse();

  listOnSandboxIndex(app, {
    path: SMS_SANDBOX_PATH,
    title: 'SMS outbox',
    about: 'Every message the site sent: the registration codes for any phone.',
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(`${SMS_SANDBOX_PATH}/messages`, { schema: { hide: true, body: ZSend } }, async (request, reply) => {
    push(request.body.to, request.body.text);
    return reply.status(202).send({ accepted: true });
  });

  r.get(`${SMS_SANDBOX_PATH}/messages`, { schema: { hide: true, querystring: ZQuery } }, (request) => ({
    messages: newestFirst(request.query.phone),
  }));

  r.get(SMS_SANDBOX_PATH, { schema: { hide: true, querystring: ZQuery } }, async (request, reply) =>
    sendPage(reply, renderOutboxPage(newestFirst(request.query.phone), request.query.phone)),
  );
  return { push };
}
