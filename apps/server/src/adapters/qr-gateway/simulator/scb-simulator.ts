import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parse } from 'promptparse';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import type { Clock } from '../../../clock.ts';
import { keyMatches, SCB_SANDBOX_PATH } from '../../party-keys.ts';
import { listOnSandboxIndex } from '../../../sandbox/sandbox-index.ts';
import { isFormPost, prepareSimulatorScope, sendPage } from '../../../sandbox/sandbox-page.ts';
import { emvAmount, promptPayPayload } from './emv-payloads.ts';
import {
  SCB_PATHS,
  SCB_SUCCESS,
  SCB_THB,
  scbAmountToMinor,
  ZScbCreateRequest,
  ZScbTokenRequest,
  type ScbConfirmation,
} from '../scb/scb-protocol.ts';
import { NO_FAULTS, takeFault, type ScbFaults } from './scb-faults.ts';
import { scbPayPage } from './scb-pay-page.ts';

type Qr = { billerId: string; ref1: string; ref2: string; ref3: string; amount: bigint; payload: string };
type Payment = ScbConfirmation & { paidAt: Date };

/** SCB answers: the status envelope on every call (developer.scb). The error codes are the simulator's own where SCB publishes none. */
const status = (code: number, description: string) => ({ status: { code, description } });
const TOKEN_SECONDS = 1800;
const ZPay = z.object({ payload: text().trim().min(20).max(512) });
const LIMIT = 10_000;

/**
 * SCB's Partners API for Thai QR payments under /sandbox/scb/partners/sandbox
 * (the same paths after the base as api-sandbox.partners.scb): the OAuth token,
 * QR create, the bill-payment inquiry; a payer page that pays a QR and posts
 * SCB's payment confirmation to the site; and the fault controls.
 */
export async function registerScbSimulator(
  app: FastifyInstance,
  deps: { clock: Clock; apiKey: string; apiSecret: string; confirmUrl: () => string },
): Promise<void> {
  listOnSandboxIndex(app, {
    path: SCB_SANDBOX_PATH,
    title: 'SCB QR API',
    about: "Pay a deposit QR issued through SCB's API: SCB's payment confirmation goes to the site.",
  });
  const tokens = new Map<string, number>();
  const qrs = new Map<string, Qr>();
  const payments: Payment[] = [];
  const faults: ScbFaults = { ...NO_FAULTS };
  let confirmationsSent = 0;

  /** Applies an armed fault; true when it answered (the route stops there). */
  async function faulted(reply: FastifyReply, isTokenCall: boolean): Promise<boolean> {
    const fault = takeFault(faults, isTokenCall);
    if (fault === undefined) return false;
    if (fault === 'timeout') await new Promise((resolve) => setTimeout(resolve, faults.holdMs));
    if (fault === 'rateLimit') await reply.status(429).send(status(9700, 'Too many requests'));
    else if (fault === 'expireToken') await reply.status(401).send(status(9300, 'Access token is expired'));
    else if (fault === 'malformed')
      await reply.status(200).header('content-type', 'application/json').send('{"status":{"code":1000},"data":');
    else await reply.status(504).send(status(9900, 'Gateway timeout'));
    return true;
  }

  function authorised(request: FastifyRequest): boolean {
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    const until = bearer ? tokens.get(bearer) : undefined;
    return keyMatches(deps.apiKey, request.headers.resourceownerid) && until !== undefined && until > deps.clock.now().getTime();
  }

  async function confirm(payment: Payment): Promise<number> {
    if (faults.dropConfirmation) return 0;
    const { paidAt: _paidAt, ...body } = payment;
    let last = 0;
    for (let copy = 0; copy < faults.confirmationCopies; copy++) {
      // SCB sends once and re-sends up to 3 times while the merchant does not answer resCode 00.
      for (let attempt = 0; attempt < 4; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, faults.resendIntervalMs));
        confirmationsSent++;
        try {
          const response = await fetch(deps.confirmUrl(), {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(5_000),
          });
          last = response.status;
          const answer = (await response.json().catch(() => null)) as { resCode?: unknown } | null;
          if (response.status === 200 && answer?.resCode === '00') break;
        } catch {
          last = 0;
        }
      }
    }
    return last;
  }

  async function pay(payload: string): Promise<{ ok: boolean; text: string; payment?: Payment; confirmationStatus?: number }> {
    const emv = parse(payload, true, true);
    const ref1 = emv?.getTagValue('30', '02');
    const ref2 = emv?.getTagValue('30', '03') ?? '';
    const qr = ref1 ? qrs.get(`${ref1}/${ref2}`) : undefined;
    if (!emv || !qr || emv.getTagValue('54') !== emvAmount(qr.amount)) return { ok: false, text: 'No SCB QR matches this payload.' };
    const paidAt = deps.clock.now();
    const payment: Payment = {
      payeeProxyId: qr.billerId,
      payeeProxyType: 'BILLERID',
      payeeAccountNumber: '0987654321',
      payeeName: 'JETTON SANDBOX',
      payerAccountNumber: '0123456789',
      payerName: 'SANDBOX PAYER',
      sendingBankCode: '014',
      receivingBankCode: '014',
      amount: emvAmount(qr.amount),
      transactionId: `${paidAt.getTime().toString(36).toUpperCase()}${randomBytes(6).toString('hex').toUpperCase()}`,
      // QR 30 times are GMT+7 (developer.scb, payment confirmation).
      transactionDateandTime: new Date(paidAt.getTime() + 7 * 3_600_000).toISOString().replace('Z', '+07:00'),
      billPaymentRef1: qr.ref1,
      billPaymentRef2: qr.ref2,
      billPaymentRef3: qr.ref3,
      currencyCode: SCB_THB,
      channelCode: 'PMH',
      transactionType: 'Domestic Transfers',
      paidAt,
    };
    payments.push(payment);
    if (payments.length > LIMIT) payments.shift();
    const confirmationStatus = await confirm(payment);
    return {
      ok: true,
      text: `Paid ${payment.amount} THB; SCB's confirmation answered ${confirmationStatus || 'nothing'}.`,
      payment,
      confirmationStatus,
    };
  }

  await app.register(
    (scope, _options, done) => {
      prepareSimulatorScope(scope);
      scope.get('/', (_request, reply) => sendPage(reply, scbPayPage()));

      scope.post(`/partners/sandbox${SCB_PATHS.token}`, async (request, reply) => {
        if (await faulted(reply, true)) return reply;
        const body = ZScbTokenRequest.safeParse(request.body);
        if (!body.success || !request.headers.requestuid) return reply.status(400).send(status(4101, 'Invalid request'));
        if (!keyMatches(deps.apiKey, body.data.applicationKey) || !keyMatches(deps.apiSecret, body.data.applicationSecret))
          return reply.status(401).send(status(9500, 'Invalid application key or secret'));
        const accessToken = randomUUID();
        const expiresAt = Math.floor(deps.clock.now().getTime() / 1000) + TOKEN_SECONDS;
        tokens.set(accessToken, expiresAt * 1000);
        return { ...status(SCB_SUCCESS, 'Success'), data: { accessToken, tokenType: 'Bearer', expiresIn: TOKEN_SECONDS, expiresAt } };
      });

      scope.post(`/partners/sandbox${SCB_PATHS.create}`, async (request, reply) => {
        if (await faulted(reply, false)) return reply;
        if (!authorised(request)) return reply.status(401).send(status(9300, 'Access token is invalid or expired'));
        const body = ZScbCreateRequest.safeParse(request.body);
        const amount = body.success ? scbAmountToMinor(body.data.amount) : undefined;
        if (!body.success || amount === undefined || amount <= 0n) return reply.status(400).send(status(4101, 'Invalid request'));
        const { ppId, ref1, ref2 = '', ref3 } = body.data;
        const payload = promptPayPayload({ billerId: ppId, amount, ref1, ref2 });
        qrs.set(`${ref1}/${ref2}`, { billerId: ppId, ref1, ref2, ref3, amount, payload });
        if (qrs.size > LIMIT) qrs.delete(qrs.keys().next().value ?? '');
        return { ...status(SCB_SUCCESS, 'Success'), data: { qrRawData: payload, qrImage: '' } };
      });

      scope.get(`/partners/sandbox${SCB_PATHS.inquiry}`, async (request, reply) => {
        if (await faulted(reply, false)) return reply;
        if (!authorised(request)) return reply.status(401).send(status(9300, 'Access token is invalid or expired'));
        const q = request.query as Record<string, string | undefined>;
        if (q.eventCode !== '00300100' || !q.transactionDate || !q.billerId || !q.reference1)
          return reply.status(400).send(status(4101, 'Invalid request'));
        const day = (at: Date) => new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
        const found = payments
          .filter(
            (p) =>
              p.payeeProxyId === q.billerId && p.billPaymentRef1 === q.reference1 && (!q.reference2 || p.billPaymentRef2 === q.reference2),
          )
          .filter((p) => day(p.paidAt) === q.transactionDate)
          .map(({ paidAt: _paidAt, ...p }) => ({ eventCode: '00300100', reverseFlag: 'N', ...p }));
        return { ...status(SCB_SUCCESS, 'Success'), data: found };
      });

      // The payer: JSON for tests, a form for people.
      scope.post('/pay', async (request, reply) => {
        const input = ZPay.safeParse(request.body);
        const result = input.success ? await pay(input.data.payload) : { ok: false, text: 'Paste a QR payload.' };
        if (isFormPost(request)) return sendPage(reply, scbPayPage(result), result.ok ? 200 : 404);
        return reply.status(result.ok ? 200 : 404).send(result);
      });

      scope.post('/faults', (request) => {
        Object.assign(faults, { ...NO_FAULTS, ...(request.body as Partial<ScbFaults>) });
        return { faults };
      });
      scope.get('/state', () => ({ confirmationsSent, payments: payments.length, tokens: tokens.size }));
      done();
    },
    { prefix: SCB_SANDBOX_PATH },
  );
}
