import { parse } from 'promptparse';
import QRCode from 'qrcode';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QR_PROVIDERS, type QrProvider } from '@jetton/contract/constants';
import { MONEY_RULE_DEFAULTS } from '@jetton/contract/money-rules';
import { QR_RULES_KEY } from '@jetton/contract/admin/settings';
import type { TQrProviderRule } from '@jetton/contract/deposit';
import { ROUTES } from '@jetton/contract/routes';
import type { TQrState } from '@jetton/contract/wallet';
import { QR_SIGNATURE_HEADER, qrCallbackSecret, signQrCallback } from '../../src/adapters/qr-gateway/callback-signature.ts';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import { accountBalance } from '../../src/ledger/accounts.ts';
import { memberWallet } from '../../src/ledger/account-codes.ts';
import { call, expectError } from '../support/accounts-support.ts';
import { coinsOf, depositMember, expectLedgerHealthy, walletBalance } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { setMoneyRules } from '../support/money-rules-support.ts';
import { startTestApp, testConfig, type TestApp } from '../support/test-app.ts';

/** CRC-16/CCITT-FALSE written here, independently of promptparse. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function expectValidEmv(payload: string): ReturnType<typeof parse> {
  expect(payload.slice(-8, -4)).toBe('6304');
  expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
  const qr = parse(payload, true, true);
  expect(qr).not.toBeNull();
  expect(qr?.getTagValue('00')).toBe('01');
  expect(qr?.getTagValue('01')).toBe('12');
  return qr;
}

describe.each(testEngines())('QR deposits through the sandbox gateways (%s database)', (engine) => {
  let t: TestApp;
  const url = (provider: string) => `/api/qrcode/${provider}`;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await t.app.services.slipVerifier.stop();
  });
  afterEach(() => expectLedgerHealthy(t));
  afterAll(() => t.close());

  const payloadOf = async (qrcodeId: string) =>
    (await t.database.db.selectFrom('qr_codes').select('payload').where('id', '=', qrcodeId).executeTakeFirstOrThrow()).payload;

  async function create(token: string, provider: QrProvider, amount: number): Promise<TQrState> {
    const res = await call(t, 'POST', url(provider), { amount }, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TQrState>();
  }

  async function payAtGateway(payload: string, force = false): Promise<{ status: number; body: { callbackStatus?: number } }> {
    const res = await fetch(`${createSelfUrl(t.app, undefined)()}/sandbox/pay/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payload, force }),
    });
    return { status: res.status, body: (await res.json()) as { callbackStatus?: number } };
  }

  function signedCallback(provider: QrProvider, body: object, signature?: string) {
    const raw = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: `/api/qrcode/callback/${provider}`,
      headers: {
        'content-type': 'application/json',
        [QR_SIGNATURE_HEADER]: signature ?? signQrCallback(qrCallbackSecret(testConfig().secrets.tokenSecret, provider), raw),
      },
      payload: raw,
    });
  }

  it('answers no QR at first, needs a token, and refuses an unknown provider', async () => {
    const m = await depositMember(t);
    expect((await call(t, 'GET', url('KBANK'), undefined, { token: m.token })).json()).toEqual({
      qrcodeId: null,
      hasQrcode: false,
      qrcode: null,
      payload: null,
      amount: null,
      expireIn: null,
      message: null,
    });
    expectError(await call(t, 'GET', url('KBANK')), 401, 'invalid-token');
    expectError(await call(t, 'GET', url('PAYPAL'), undefined, { token: m.token }), 400, 'KEY_INVALID');
    expectError(await call(t, 'POST', url('WW'), { amount: 100.001 }, { token: m.token }), 400, 'KEY_INVALID');
  });

  it('applies each provider’s minimum: hasQrcode false with a message', async () => {
    const m = await depositMember(t);
    for (const [provider, amount] of [
      ['KBANK', 0],
      ['WW', 99.99],
      ['PAYONEX', 50],
      ['PAYTIMZ', 9.99],
      ['ZPAY', 1],
    ] as const) {
      const state = await create(m.token, provider, amount);
      expect(state.hasQrcode).toBe(false);
      expect(state.message).toBe('QR_BELOW_MINIMUM');
    }
    expect((await create(m.token, 'KBANK', 0.01)).hasQrcode).toBe(true);
    expect((await create(m.token, 'ZPAY', 10)).hasQrcode).toBe(true);
  });

  it('answers each provider’s rule as create applies it: the currency’s minimum and picks (rules.money), the operator’s switch (rules.qr)', async () => {
    const m = await depositMember(t);
    const rules = async () =>
      (await call(t, 'GET', ROUTES.qrcode.rules, undefined, { token: m.token })).json<{ providers: TQrProviderRule[] }>().providers;
    expect((await rules()).find((r) => r.provider === 'WW')).toEqual({
      provider: 'WW',
      enabled: true,
      min: MONEY_RULE_DEFAULTS.THB.qr.WW.min,
      minExclusive: false,
      amounts: [...MONEY_RULE_DEFAULTS.THB.qr.WW.amounts],
    });
    await setMoneyRules(t, { THB: { qr: { ...MONEY_RULE_DEFAULTS.THB.qr, WW: { ...MONEY_RULE_DEFAULTS.THB.qr.WW, min: 250 } } } });
    await createSettingsRepository(t.database.db).set(QR_RULES_KEY, { providers: { ZPAY: { enabled: false } } });
    t.clock.advance(10_000); // past the rules cache
    const changed = await rules();
    expect(changed.find((r) => r.provider === 'WW')).toMatchObject({ min: 250, minExclusive: false, amounts: [300, 500, 1000] });
    expect(changed.find((r) => r.provider === 'ZPAY')).toMatchObject({ enabled: false });
    expect((await create(m.token, 'WW', 200)).message).toBe('QR_BELOW_MINIMUM');
    expect((await create(m.token, 'ZPAY', 100)).message).toBe('QR_PROVIDER_OFF');
    expect((await create(m.token, 'WW', 250)).hasQrcode).toBe(true);
    await createSettingsRepository(t.database.db).set(QR_RULES_KEY, { providers: {} });
    await setMoneyRules(t, {});
    t.clock.advance(10_000);
    expectError(await call(t, 'GET', ROUTES.qrcode.rules), 401, 'invalid-token');
  });

  it('issues a valid PromptPay QR per provider (decoded independently), one open per provider, paid once by the gateway', async () => {
    const m = await depositMember(t);
    let expected = 0n;
    for (const provider of QR_PROVIDERS) {
      const state = await create(m.token, provider, 150.25);
      expect(state).toMatchObject({ hasQrcode: true, amount: 150.25, expireIn: 600, message: null });
      const qrcodeId = state.qrcodeId ?? '';
      const payload = await payloadOf(qrcodeId);
      expect(state.qrcode).toBe(await QRCode.toString(payload, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }));
      expect(state.qrcode).toMatch(/^<svg /);
      // The payload itself, for 'copy' and 'save as image'.
      expect(state.payload).toBe(payload);
      const qr = expectValidEmv(payload);
      expect(qr?.getTagValue('30', '00')).toBe('A000000677010112');
      expect(qr?.getTagValue('30', '01')).toMatch(/^[0-9]{15}$/);
      expect(qr?.getTagValue('30', '03')).toBe(provider);
      expect(qr?.getTagValue('53')).toBe('764');
      expect(qr?.getTagValue('54')).toBe('150.25');
      expect(qr?.getTagValue('58')).toBe('TH');
      // The same provider again: the open QR, not a second one.
      expect((await create(m.token, provider, 500)).qrcodeId).toBe(qrcodeId);
      expect((await call(t, 'GET', url(provider), undefined, { token: m.token })).json<TQrState>().qrcodeId).toBe(qrcodeId);

      const paid = await payAtGateway(payload);
      expect(paid).toMatchObject({ status: 200, body: { callbackStatus: 200 } });
      expected += 15_025n;
      expect(await walletBalance(t, m.id)).toBe(expected);
      expect((await call(t, 'GET', url(provider), undefined, { token: m.token })).json<TQrState>().hasQrcode).toBe(false);
    }
    expect(await coinsOf(t, m.id)).toBe(5);
  });

  it('issues a LAPNet QR (tag 38, LAK) to a LAK member', async () => {
    const m = await depositMember(t, 'BCEL');
    await t.database.db.updateTable('members').set({ currency: 'LAK' }).where('id', '=', m.id).execute();
    const state = await create(m.token, 'KBANK', 50_000);
    const qr = expectValidEmv(await payloadOf(state.qrcodeId ?? ''));
    expect(qr?.getTagValue('38', '00')).toBe('A005266284662577');
    expect(qr?.getTagValue('38', '01')).toMatch(/^[0-9]{4}0418$/);
    expect(qr?.getTagValue('53')).toBe('418');
    expect(qr?.getTagValue('54')).toBe('50000.00');
    expect(qr?.getTagValue('58')).toBe('LA');
    expect((await payAtGateway(await payloadOf(state.qrcodeId ?? ''))).status).toBe(200);
    expect(await accountBalance(t.database.db, memberWallet(m.id, 'LAK'))).toBe(5_000_000n);
  });

  it('credits nothing on a bad signature (401), and once on a replayed callback', async () => {
    const m = await depositMember(t);
    const state = await create(m.token, 'WW', 200);
    const notice = {
      qrcodeId: state.qrcodeId,
      provider: 'WW',
      amount: '20000',
      status: 'PAID',
      paidAt: t.clock.now().toISOString(),
      providerRef: 'R1',
    };
    expectError(await signedCallback('WW', notice, 'ab'.repeat(32)), 401, 'UNAUTHORIZED');
    expectError(await signedCallback('WW', notice, ''), 401, 'UNAUTHORIZED');
    // Signed with another provider's secret.
    const raw = JSON.stringify(notice);
    expectError(
      await signedCallback('WW', notice, signQrCallback(qrCallbackSecret(testConfig().secrets.tokenSecret, 'ZPAY'), raw)),
      401,
      'UNAUTHORIZED',
    );
    expect(await walletBalance(t, m.id)).toBe(0n);

    const first = await signedCallback('WW', notice);
    expect(first.json()).toEqual({ status: 'CREDITED' });
    const replays = await Promise.all([signedCallback('WW', notice), signedCallback('WW', notice)]);
    for (const replay of replays) expect(replay.json()).toEqual({ status: 'ALREADY_CREDITED' });
    expect(await walletBalance(t, m.id)).toBe(20_000n);
    expect(await coinsOf(t, m.id)).toBe(2);
  });

  it('never credits a QR paid after it expired or after it was cancelled', async () => {
    const m = await depositMember(t);
    const expiring = await create(m.token, 'PAYTIMZ', 10);
    const expiringPayload = await payloadOf(expiring.qrcodeId ?? '');
    t.clock.advance(601_000);
    expect((await payAtGateway(expiringPayload)).status).toBe(409); // the gateway itself refuses
    expect((await payAtGateway(expiringPayload, true)).body.callbackStatus).toBe(409); // and the site refuses a gateway that does not
    expect((await call(t, 'GET', url('PAYTIMZ'), undefined, { token: m.token })).json<TQrState>().hasQrcode).toBe(false);

    const other = await depositMember(t);
    const cancelled = await create(m.token, 'PAYTIMZ', 20);
    expectError(await call(t, 'DELETE' as 'GET', `/api/qrcode/${cancelled.qrcodeId}`, undefined, { token: other.token }), 404, 'NO_DATA');
    expect((await call(t, 'DELETE' as 'GET', `/api/qrcode/${cancelled.qrcodeId}`, undefined, { token: m.token })).json()).toEqual({
      message: 'OK',
    });
    const cancelledPayload = await payloadOf(cancelled.qrcodeId ?? '');
    expect((await payAtGateway(cancelledPayload)).status).toBe(409);
    expect((await payAtGateway(cancelledPayload, true)).body.callbackStatus).toBe(409);
    expect(await walletBalance(t, m.id)).toBe(0n);
    expect(await coinsOf(t, m.id)).toBe(0);
    // A new QR after the cancel is allowed.
    expect((await create(m.token, 'PAYTIMZ', 30)).hasQrcode).toBe(true);
  });
});
