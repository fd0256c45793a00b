import type { FastifyInstance } from 'fastify';
import { parse } from 'promptparse';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { QR_PROVIDERS, type QrProvider } from '@jetton/contract/constants';
import type { Clock } from '../../../clock.ts';
import { QR_SIGNATURE_HEADER, qrCallbackSecret, signQrCallback } from '../callback-signature.ts';
import type { QrCallback } from '../qr-gateway.ts';
import { listOnSandboxIndex } from '../../../sandbox/sandbox-index.ts';
import { keyMatches, PAY_SANDBOX_PATH, payMerchantKey } from '../../party-keys.ts';
import { isFormPost, prepareSimulatorScope, sendPage } from '../../../sandbox/sandbox-page.ts';
import { emvAmount, lapnetPayload, promptPayPayload } from './emv-payloads.ts';
import { payPage } from './pay-page.ts';
import { createPayStore, type SimulatedQr } from './pay-store.ts';

/** Each simulated gateway's PromptPay biller id (tax id + suffix) and LAPNet merchant id. */
const MERCHANTS: Record<QrProvider, { billerId: string; merchantId: string }> = {
  KBANK: { billerId: '010554012345601', merchantId: 'JETTONKBANK01' },
  WW: { billerId: '010554012345602', merchantId: 'JETTONWW01' },
  PAYTIMZ: { billerId: '010554012345603', merchantId: 'JETTONPAYTIMZ01' },
  PAYONEX: { billerId: '010554012345604', merchantId: 'JETTONPAYONEX01' },
  ZPAY: { billerId: '010554012345605', merchantId: 'JETTONZPAY01' },
};

const ZProvider = z.object({ provider: z.enum(QR_PROVIDERS) });
const ZCreate = z.object({
  reference: text().min(1).max(64),
  amount: text().regex(/^[1-9][0-9]{0,14}$/),
  currency: z.enum(['THB', 'LAK']),
  expiresAt: z.iso.datetime(),
  callbackUrl: z.url(),
});
/** `force` pays even an expired or cancelled QR: tests use it to play a misbehaving gateway. */
const ZPay = z.object({ payload: text().trim().min(20).max(512), force: z.union([z.boolean(), z.literal('on')]).optional() });

/**
 * The built-in QR gateways (SANDBOX=on only), one per provider under
 * /sandbox/pay/<provider>: issue real EMVCo payloads, and when a person (or a
 * test) pays one, post the provider-signed callback to the site.
 */
export async function registerPaySimulator(app: FastifyInstance, deps: { clock: Clock; tokenSecret: string }): Promise<void> {
  listOnSandboxIndex(app, {
    path: PAY_SANDBOX_PATH,
    title: 'QR payment gateways',
    about: "Paste an open deposit QR's payload and pay it: the gateway sends its signed callback and the wallet is credited.",
  });
  const store = createPayStore();
  const merchantKey = payMerchantKey(deps.tokenSecret);

  async function pay(qr: SimulatedQr): Promise<{ callbackStatus: number }> {
    qr.status = 'paid';
    const callback: QrCallback = {
      qrcodeId: qr.qrcodeId,
      provider: qr.provider as QrProvider,
      amount: qr.amount.toString(),
      status: 'PAID',
      paidAt: deps.clock.now().toISOString(),
      providerRef: qr.ref,
    };
    const body = JSON.stringify(callback);
    const signature = signQrCallback(qrCallbackSecret(deps.tokenSecret, qr.provider), body);
    const response = await fetch(qr.callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [QR_SIGNATURE_HEADER]: signature },
      body,
      signal: AbortSignal.timeout(5_000),
    });
    await response.arrayBuffer();
    return { callbackStatus: response.status };
  }

  function findByPayload(payload: string): SimulatedQr | undefined {
    const qr = parse(payload, true, true);
    if (!qr) return undefined;
    const ref = qr.getTagValue('30', '02') ?? qr.getTagValue('62', '01');
    const found = ref ? store.byRef(ref) : undefined;
    return found && qr.getTagValue('54') === emvAmount(found.amount) ? found : undefined;
  }

  await app.register(
    (sandbox, _options, done) => {
      prepareSimulatorScope(sandbox);
      sandbox.get('/', (_request, reply) => sendPage(reply, payPage()));

      sandbox.post('/:provider/qrcodes', async (request, reply) => {
        if (!keyMatches(merchantKey, request.headers['x-merchant-key'])) return reply.status(401).send({ message: 'UNAUTHORIZED' });
        const { provider } = ZProvider.parse(request.params);
        const input = ZCreate.parse(request.body);
        const ref = store.newRef();
        const amount = BigInt(input.amount);
        const merchant = MERCHANTS[provider];
        const payload =
          input.currency === 'THB'
            ? promptPayPayload({ billerId: merchant.billerId, amount, ref1: ref, ref2: provider })
            : lapnetPayload({ merchantId: merchant.merchantId, merchantName: `JETTON ${provider}`, amount, ref });
        store.add({
          ref,
          provider,
          qrcodeId: input.reference,
          amount,
          currency: input.currency,
          payload,
          callbackUrl: input.callbackUrl,
          expiresAt: new Date(input.expiresAt),
          status: 'open',
        });
        return reply.status(201).send({ payload, providerRef: ref });
      });

      sandbox.post('/:provider/qrcodes/:qrcodeId/cancel', (request, reply) => {
        if (!keyMatches(merchantKey, request.headers['x-merchant-key'])) return reply.status(401).send({ message: 'UNAUTHORIZED' });
        const { provider } = ZProvider.parse(request.params);
        const qr = store.byQrcodeId(provider, (request.params as { qrcodeId: string }).qrcodeId);
        if (qr?.status === 'open') qr.status = 'cancelled';
        return reply.send({ status: qr?.status ?? 'unknown' });
      });

      // A payer: JSON for tests, a form for people.
      sandbox.post('/pay', async (request, reply) => {
        const answer = (status: number, ok: boolean, text: string, extra: object = {}) =>
          isFormPost(request) ? sendPage(reply, payPage({ ok, text }), status) : reply.status(status).send({ ok, message: text, ...extra });
        const input = ZPay.safeParse(request.body);
        const qr = input.success ? findByPayload(input.data.payload) : undefined;
        if (!input.success || !qr) return answer(404, false, 'No open QR matches this payload (check it was copied whole).');
        const force = input.data.force === true || input.data.force === 'on';
        if (!force && qr.status !== 'open') return answer(409, false, `This QR is ${qr.status}.`);
        if (!force && deps.clock.now() > qr.expiresAt) return answer(409, false, 'This QR has expired.');
        const { callbackStatus } = await pay(qr);
        const ok = callbackStatus === 200;
        return answer(
          ok ? 200 : 502,
          ok,
          ok ? `Paid ${emvAmount(qr.amount)} ${qr.currency}: the site confirmed.` : `Paid, but the site answered ${callbackStatus}.`,
          { callbackStatus },
        );
      });
      done();
    },
    { prefix: PAY_SANDBOX_PATH },
  );
}
