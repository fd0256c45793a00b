import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { escapeHtml as esc } from '../../../http/html.ts';
import { listOnSandboxIndex } from '../../../sandbox/sandbox-index.ts';
import { prepareSimulatorScope, sandboxPage, sendPage } from '../../../sandbox/sandbox-page.ts';
import { keyMatches, THAIBULKSMS_SANDBOX_PATH } from '../../party-keys.ts';
import { basicAuth, localThaiNumber, THAIBULKSMS_SEND_PATH, type ThaiBulkSmsSent } from '../thaibulksms-protocol.ts';
import type { SmsOutbox } from './sms-simulator.ts';

const FAULTS = ['none', 'unauthorized', 'no_credit', 'bad_number', 'rate_limited', 'server_error', 'timeout', 'malformed'] as const;
const ZFaults = z.object({
  fault: z.enum(FAULTS),
  times: z.number().int().min(1).max(1_000).optional(),
  holdMs: z.number().int().min(0).max(60_000).optional(),
});
const ZSend = z.object({
  msisdn: text().min(1).max(2_000),
  message: text().min(1).max(2_000),
  sender: text().max(11).optional(),
  force: z.enum(['standard', 'corporate']).optional(),
});
/** Thai mobile numbers as the gateway takes them: 0XXXXXXXXX or 66XXXXXXXXX. */
const MOBILE = /^(0[689][0-9]{8}|66[689][0-9]{8})$/;

/**
 * ThaiBulkSMS's API v2 "Send SMS" played in the sandbox (SANDBOX=on only): Basic auth, form body,
 * its 201 answer and its error envelope; what it takes lands in the same outbox as the generic
 * gateway's, so the codes still show at /sandbox/sms.
 */
export async function registerThaiBulkSmsSimulator(
  app: FastifyInstance,
  deps: { outbox: SmsOutbox; credentials: { key: string; secret: string } },
): Promise<void> {
  const state: { fault: (typeof FAULTS)[number]; left: number | undefined; holdMs: number } = {
    fault: 'none',
    left: undefined,
    holdMs: 15_000,
  };
  let credit = 10_000;
  const expected = basicAuth(deps.credentials.key, deps.credentials.secret);
  listOnSandboxIndex(app, {
    path: THAIBULKSMS_SANDBOX_PATH,
    title: 'ThaiBulkSMS (SMS gateway)',
    about: "ThaiBulkSMS's API v2 send call, delivering into the SMS outbox, with its errors as faults.",
  });
  const error = (reply: FastifyReply, status: number, name: string, description: string) =>
    reply.status(status).send({ error: { code: status, name, description } });
  function takeFault(): (typeof FAULTS)[number] {
    const fault = state.fault;
    if (fault !== 'none' && state.left !== undefined && --state.left <= 0) Object.assign(state, { fault: 'none', left: undefined });
    return fault;
  }

  await app.register(
    (scope, _options, done) => {
      prepareSimulatorScope(scope);
      scope.get('/', (_request, reply) => sendPage(reply, page(state.fault, credit)));
      scope.post('/faults', (request) => {
        const body = ZFaults.parse(request.body);
        Object.assign(state, { fault: body.fault, left: body.times, holdMs: body.holdMs ?? 15_000 });
        return { fault: state.fault, times: state.left ?? null };
      });
      scope.post(THAIBULKSMS_SEND_PATH, async (request, reply) => {
        if (!keyMatches(expected, request.headers.authorization)) return error(reply, 401, 'UNAUTHORIZED', 'Invalid API key or secret');
        const fault = takeFault();
        if (fault === 'timeout') await new Promise((resolve) => setTimeout(resolve, state.holdMs));
        if (fault === 'unauthorized') return error(reply, 401, 'UNAUTHORIZED', 'Invalid API key or secret');
        if (fault === 'no_credit') return error(reply, 403, 'INSUFFICIENT_CREDIT', 'Credit is not enough');
        if (fault === 'rate_limited') return error(reply, 429, 'TOO_MANY_REQUESTS', 'Too many requests');
        if (fault === 'server_error') return error(reply, 500, 'INTERNAL_SERVER_ERROR', 'Internal server error');
        if (fault === 'malformed') return reply.status(201).type('application/json').send('{"remaining_credit":');
        const body = ZSend.safeParse(request.body);
        if (!body.success) return error(reply, 400, 'ERROR_PARAMETER', 'msisdn and message are required');
        const answer: ThaiBulkSmsSent = {
          remaining_credit: credit,
          total_use_credit: 0,
          credit_type: body.data.force ?? 'standard',
          phone_number_list: [],
          bad_phone_number_list: [],
        };
        for (const number of body.data.msisdn.split(',').map((n) => n.trim())) {
          if (!MOBILE.test(number) || fault === 'bad_number') {
            answer.bad_phone_number_list.push({ number, message: 'Invalid phone number' });
            continue;
          }
          deps.outbox.push(localThaiNumber(number), body.data.message);
          credit -= 1;
          answer.total_use_credit += 1;
          answer.phone_number_list.push({
            number: `66${localThaiNumber(number).slice(1)}`,
            message_id: randomBytes(11).toString('base64url'),
            used_credit: 1,
          });
        }
        answer.remaining_credit = credit;
        return reply.status(201).send(answer);
      });
      done();
    },
    { prefix: THAIBULKSMS_SANDBOX_PATH },
  );
}

function page(fault: string, credit: number): string {
  return sandboxPage({
    title: 'ThaiBulkSMS (sandbox)',
    body: `<p>ThaiBulkSMS's SMS API v2 (<code>POST ${esc(THAIBULKSMS_SANDBOX_PATH)}/sms</code>, HTTP Basic with the API key and secret, form body <code>msisdn</code>, <code>message</code>, <code>sender</code>, <code>force</code>). The site uses it with <code>SMS_GATEWAY=thaibulksms</code>; what it sends shows in the <a href="/sandbox/sms">SMS outbox</a>.</p>
<p>Credit left: ${credit}. Fault now: <code>${esc(fault)}</code>. Set one with <code>POST ${esc(THAIBULKSMS_SANDBOX_PATH)}/faults</code> and <code>{"fault": "${FAULTS.join('" | "')}", "times": 1}</code>.</p>`,
  });
}
