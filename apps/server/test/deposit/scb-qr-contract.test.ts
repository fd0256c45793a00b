import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scbSandboxCredentials, SCB_SANDBOX_API_PATH } from '../../src/adapters/party-keys.ts';
import { QrGatewayError } from '../../src/adapters/qr-gateway/qr-gateway.ts';
import { createScbQrGateway } from '../../src/adapters/qr-gateway/scb/scb-qr-gateway.ts';
import {
  qrIdToRefs,
  refsToQrId,
  scbAmountToMinor,
  ZScbConfirmation,
  ZScbCreated,
  ZScbCreateRequest,
  ZScbEnvelope,
  ZScbInquiryItem,
  ZScbToken,
  ZScbTokenRequest,
} from '../../src/adapters/qr-gateway/scb/scb-protocol.ts';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { SIMULATED_BILLER_ID } from '../../src/counterparty-config.ts';
import * as doc from './scb-doc-fixtures.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const SECRET = 'test-token-secret-test-token-secret-0123';
const QR_ID = '0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f5a6';

describe("SCB's QR API: the documentation's examples against the adapter's reading and the simulator's answers", () => {
  it('reads every documented example with the schemas the adapter and simulator share', () => {
    expect(ZScbTokenRequest.safeParse(doc.TOKEN_REQUEST.body).success).toBe(true);
    expect(ZScbEnvelope.parse(doc.TOKEN_RESPONSE).status.code).toBe(1000);
    expect(ZScbToken.parse(doc.TOKEN_RESPONSE.data).tokenType).toBe('Bearer');
    expect(ZScbCreateRequest.safeParse(doc.CREATE_REQUEST).success).toBe(true);
    expect(ZScbCreated.parse(doc.CREATE_RESPONSE.data).qrRawData).toMatch(/^000201/);
    expect(ZScbConfirmation.parse(doc.CONFIRMATION).billPaymentRef1).toBe('REFERENCE1');
    for (const item of doc.INQUIRY_RESPONSE.data) expect(ZScbInquiryItem.safeParse(item).success).toBe(true);
    expect(scbAmountToMinor(doc.CONFIRMATION.amount)).toBe(10_000n);
    expect(scbAmountToMinor('100')).toBe(10_000n);
    expect(scbAmountToMinor('1e3')).toBeUndefined();
  });

  it('carries a QR id in ref1 + ref2 within SCB’s limits (20 characters, A-Z 0-9) and back', () => {
    const refs = qrIdToRefs(QR_ID);
    expect(refs.ref1).toMatch(/^[A-Z0-9]{20}$/);
    expect(refs.ref2).toMatch(/^[A-Z0-9]{12}$/);
    expect(refsToQrId(refs.ref1, refs.ref2)).toBe(QR_ID);
    // The documentation's own references name no QR of ours.
    expect(refsToQrId(doc.CONFIRMATION.billPaymentRef1, doc.CONFIRMATION.billPaymentRef2)).toBeUndefined();
  });
});

describe('SCB simulator and adapter over HTTP', () => {
  let t: TestApp;
  let base: string;
  const creds = scbSandboxCredentials(SECRET);
  beforeAll(async () => {
    t = await startTestApp('embedded');
    base = createSelfUrl(t.app, undefined)();
  });
  afterAll(() => t.close());

  const faults = (body: object) =>
    fetch(`${base}/sandbox/scb/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const gateway = (timeoutMs = 2_000) =>
    createScbQrGateway({
      baseUrl: () => `${base}${SCB_SANDBOX_API_PATH}`,
      ...creds,
      billerId: SIMULATED_BILLER_ID,
      ref3: 'SCB',
      clock: t.clock,
      timeoutMs,
    });
  const tokenCalls = async () => ((await (await fetch(`${base}/sandbox/scb/state`)).json()) as { tokens: number }).tokens;

  it('answers the documented token request (headers and body as the example) with the documented shape, and refuses a wrong secret', async () => {
    const post = (body: object) =>
      fetch(`${base}${SCB_SANDBOX_API_PATH}/v1/oauth/token`, {
        method: 'POST',
        headers: { ...doc.TOKEN_REQUEST.headers, resourceOwnerId: creds.apiKey },
        body: JSON.stringify(body),
      });
    const ok = await post({ applicationKey: creds.apiKey, applicationSecret: creds.apiSecret });
    expect(ok.status).toBe(200);
    const body = ZScbEnvelope.parse(await ok.json());
    expect(Object.keys(ZScbToken.parse(body.data)).sort()).toEqual(Object.keys(doc.TOKEN_RESPONSE.data).sort());
    const refused = await post(doc.TOKEN_REQUEST.body);
    expect(refused.status).toBe(401);
    expect(ZScbEnvelope.parse(await refused.json()).status.code).not.toBe(1000);
  });

  it('issues a Thai QR tag 30 for the amount with our references, reusing one token across calls', async () => {
    const scb = gateway();
    const before = await tokenCalls();
    const { payload } = await scb.create({
      provider: 'KBANK',
      qrcodeId: QR_ID,
      amount: 12_345n,
      currency: 'THB',
      expiresAt: t.clock.now(),
      callbackUrl: '',
    });
    const { ref1, ref2 } = qrIdToRefs(QR_ID);
    expect(payload).toContain(`0115${SIMULATED_BILLER_ID}`);
    expect(payload).toContain(`0220${ref1}`);
    expect(payload).toContain(`0312${ref2}`);
    expect(payload).toContain('5406123.45');
    await scb.create({ provider: 'KBANK', qrcodeId: QR_ID, amount: 100n, currency: 'THB', expiresAt: t.clock.now(), callbackUrl: '' });
    expect((await tokenCalls()) - before).toBe(1);
    await expect(
      scb.create({ provider: 'KBANK', qrcodeId: QR_ID, amount: 100n, currency: 'LAK', expiresAt: t.clock.now(), callbackUrl: '' }),
    ).rejects.toThrow(QrGatewayError);
  });

  it('renews the token when it ran out, and once more when SCB says it expired early', async () => {
    const scb = gateway();
    const input = {
      provider: 'KBANK' as const,
      qrcodeId: QR_ID,
      amount: 500n,
      currency: 'THB' as const,
      expiresAt: t.clock.now(),
      callbackUrl: '',
    };
    await scb.create(input);
    const before = await tokenCalls();
    t.clock.advance(1_800_000);
    await scb.create(input);
    expect((await tokenCalls()) - before).toBe(1);
    await faults({ expireToken: 1 });
    await scb.create(input);
    expect((await tokenCalls()) - before).toBe(2);
  });

  it('turns a rate limit, a malformed answer and no answer into a QrGatewayError (no QR, nothing decided)', async () => {
    const scb = gateway(300);
    const input = {
      provider: 'KBANK' as const,
      qrcodeId: QR_ID,
      amount: 500n,
      currency: 'THB' as const,
      expiresAt: t.clock.now(),
      callbackUrl: '',
    };
    await scb.create(input);
    for (const fault of [{ rateLimit: 1 }, { malformed: 1 }, { timeout: 1, holdMs: 600 }]) {
      await faults(fault);
      await expect(scb.create(input)).rejects.toThrow(QrGatewayError);
    }
    await faults({});
    await expect(scb.create(input)).resolves.toHaveProperty('payload');
  });

  it('finds a paid QR by the documented inquiry (eventCode, transactionDate, billerId, reference1/2), and none before payment', async () => {
    const scb = gateway();
    const created = t.clock.now();
    const { payload } = await scb.create({
      provider: 'KBANK',
      qrcodeId: QR_ID,
      amount: 10_000n,
      currency: 'THB',
      expiresAt: created,
      callbackUrl: '',
    });
    const ask = () => scb.inquire({ provider: 'KBANK', qrcodeId: QR_ID, amount: 10_000n, createdAt: created, expiresAt: created });
    expect(await ask()).toBeUndefined();
    await faults({ dropConfirmation: true });
    const paid = await fetch(`${base}/sandbox/scb/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payload }),
    });
    expect(paid.status).toBe(200);
    const payment = await ask();
    expect(payment).toMatchObject({ qrcodeId: QR_ID, amount: 10_000n });
    expect(payment?.providerRef).toMatch(/^[A-Z0-9]+$/);
    // The raw answer has the documented item's fields.
    const token = await fetch(`${base}${SCB_SANDBOX_API_PATH}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', requestUId: 'x', resourceOwnerId: creds.apiKey },
      body: JSON.stringify({ applicationKey: creds.apiKey, applicationSecret: creds.apiSecret }),
    });
    const bearer = ZScbToken.parse(ZScbEnvelope.parse(await token.json()).data).accessToken;
    const { ref1, ref2 } = qrIdToRefs(QR_ID);
    const query = new URLSearchParams({
      ...doc.INQUIRY_QUERY,
      transactionDate: new Date(created.getTime() + 7 * 3_600_000).toISOString().slice(0, 10),
      billerId: SIMULATED_BILLER_ID,
      reference1: ref1,
      reference2: ref2,
    });
    const raw = await fetch(`${base}${SCB_SANDBOX_API_PATH}/v1/payment/billpayment/inquiry?${query.toString()}`, {
      headers: { authorization: `Bearer ${bearer}`, requestUId: 'y', resourceOwnerId: creds.apiKey },
    });
    const items = ZScbEnvelope.parse(await raw.json()).data as object[];
    expect(items).toHaveLength(1);
    expect(Object.keys(items[0] ?? {}).sort()).toEqual(Object.keys(doc.INQUIRY_RESPONSE.data[0] ?? {}).sort());
    await faults({});
  });
});
