import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TQrStatusResponse, TSlipStatusResponse } from '@jetton/contract/deposit';
import { apiPath, ROUTES } from '@jetton/contract/routes';
import type { TQrState } from '@jetton/contract/wallet';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { call, expectError } from '../support/accounts-support.ts';
import { bankTransfer, depositMember, expectLedgerHealthy, uploadSlip } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The two small status reads an open deposit dialog polls: one QR's status
 * (credited once its callback arrived) and one slip's (processing until the
 * verifier decides). Each answers only its owner.
 */
describe.each(testEngines())('deposit status reads (%s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    // The tests run the verifier by hand.
    await t.app.services.slipVerifier.stop();
  });
  afterEach(() => expectLedgerHealthy(t));
  afterAll(() => t.close());

  const qrStatus = (qrcodeId: string, token?: string) =>
    call(t, 'GET', apiPath(ROUTES.qrcode.status, { qrcodeId }), undefined, token ? { token } : {});
  const slipStatus = (slipId: string, token?: string) =>
    call(t, 'GET', apiPath(ROUTES.wallet.slipStatus, { slipId }), undefined, token ? { token } : {});

  async function openQr(token: string, provider: string, amount: number): Promise<TQrState> {
    const res = await call(t, 'POST', apiPath(ROUTES.qrcode.byProvider, { provider }), { amount }, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TQrState>();
  }

  async function payAtGateway(payload: string): Promise<void> {
    const res = await fetch(`${createSelfUrl(t.app, undefined)()}/sandbox/pay/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payload }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  it('tells a QR open, then paid once the gateway paid it', async () => {
    const m = await depositMember(t);
    const qr = await openQr(m.token, 'WW', 123);
    const id = qr.qrcodeId ?? '';
    expect((await qrStatus(id, m.token)).json<TQrStatusResponse>()).toEqual({ qrcodeId: id, provider: 'WW', status: 'open', amount: 123 });
    await payAtGateway(qr.payload ?? '');
    expect((await qrStatus(id, m.token)).json<TQrStatusResponse>()).toEqual({ qrcodeId: id, provider: 'WW', status: 'paid', amount: 123 });
  });

  it('tells a cancelled QR cancelled', async () => {
    const m = await depositMember(t);
    const qr = await openQr(m.token, 'ZPAY', 50);
    expect(
      (await call(t, 'DELETE' as 'GET', apiPath(ROUTES.qrcode.byId, { qrcodeId: qr.qrcodeId ?? '' }), undefined, { token: m.token }))
        .statusCode,
    ).toBe(200);
    expect((await qrStatus(qr.qrcodeId ?? '', m.token)).json<TQrStatusResponse>().status).toBe('cancelled');
  });

  it('answers a QR only to its owner: another member, an unknown id and a malformed id are NO_DATA; no token is invalid-token', async () => {
    const owner = await depositMember(t);
    const stranger = await depositMember(t);
    const qr = await openQr(owner.token, 'PAYTIMZ', 20);
    expectError(await qrStatus(qr.qrcodeId ?? '', stranger.token), 404, 'NO_DATA');
    expectError(await qrStatus('0197a3f2-5b1c-7e4d-9a2b-3c4d5e6f7a8b', owner.token), 404, 'NO_DATA');
    expectError(await qrStatus('not-a-qr', owner.token), 404, 'NO_DATA');
    expectError(await qrStatus(qr.qrcodeId ?? ''), 401, 'invalid-token');
  });

  it('tells a slip processing, then success with its amount once verified', async () => {
    const m = await depositMember(t);
    const { png } = await bankTransfer(t, { amount: 75.5, sender: m.sender });
    const uploaded = await uploadSlip(t, m.token, { bytes: png });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json<TSlipStatusResponse>().slip.reference;
    expect((await slipStatus(id, m.token)).json<TSlipStatusResponse>().slip).toMatchObject({
      status: 'processing',
      amount: null,
      reference: id,
    });
    await t.app.services.slipVerifier.runOnce();
    expect((await slipStatus(id, m.token)).json<TSlipStatusResponse>().slip).toMatchObject({ status: 'success', amount: 75.5, note: null });
  });

  it('tells a duplicate slip failed with its refusal note', async () => {
    const m = await depositMember(t);
    const { png } = await bankTransfer(t, { amount: 40, sender: m.sender });
    expect((await uploadSlip(t, m.token, { bytes: png })).statusCode).toBe(201);
    await t.app.services.slipVerifier.runOnce();
    const again = await uploadSlip(t, m.token, { bytes: png });
    await t.app.services.slipVerifier.runOnce();
    const slip = (await slipStatus(again.json<TSlipStatusResponse>().slip.reference, m.token)).json<TSlipStatusResponse>().slip;
    expect(slip).toMatchObject({ status: 'failed', note: 'SLIP_REFNO_DUPLICATED', amount: null });
  });

  it('answers a slip only to its owner', async () => {
    const owner = await depositMember(t);
    const stranger = await depositMember(t);
    const { png } = await bankTransfer(t, { amount: 10, sender: owner.sender });
    const id = (await uploadSlip(t, owner.token, { bytes: png })).json<TSlipStatusResponse>().slip.reference;
    expectError(await slipStatus(id, stranger.token), 404, 'NO_DATA');
    expectError(await slipStatus('0197a3f2-5b1c-7e4d-9a2b-3c4d5e6f7a8b', owner.token), 404, 'NO_DATA');
    expectError(await slipStatus('x', owner.token), 404, 'NO_DATA');
    expectError(await slipStatus(id), 401, 'invalid-token');
  });
});
