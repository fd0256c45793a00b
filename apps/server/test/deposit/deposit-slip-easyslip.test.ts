import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminSlip } from '@jetton/contract/admin/money';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { ROUTES } from '@jetton/contract/routes';
import type { TSlip } from '@jetton/contract/wallet';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { call, expectError } from '../support/accounts-support.ts';
import { loginOperator } from '../support/admin-support.ts';
import { bankTransfer, depositMember, expectLedgerHealthy, SITE_ACCOUNT, uploadSlip, walletBalance } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;

describe.each(testEngines())('slip deposits verified through EasySlip (its simulator, %s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, {
      counterparties: {
        scb: undefined,
        line: undefined,
        slipVerifier: { kind: 'easyslip', url: undefined, apiKey: undefined },
        smsGateway: { kind: 'generic' },
      },
    });
    await t.app.services.slipVerifier.stop();
  });
  afterEach(async () => {
    await fault({ fault: 'none' });
    await expectLedgerHealthy(t);
  });
  afterAll(() => t.close());

  async function fault(body: object): Promise<void> {
    const res = await fetch(`${createSelfUrl(t.app, undefined)()}/sandbox/easyslip/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
  }
  async function upload(token: string, png: Buffer): Promise<string> {
    const res = await uploadSlip(t, token, { bytes: png });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ slip: TSlip }>().slip.reference;
  }
  async function slipOf(token: string, reference: string): Promise<TSlip> {
    const res = await call(t, 'POST', ROUTES.statement.slip, { page: 1, limit: 100 }, { token });
    const found = res.json<{ slips: TSlip[] }>().slips.find((s) => s.reference === reference);
    if (!found) throw new Error(`slip ${reference} not listed`);
    return found;
  }
  /** One verifier pass after the retry pause has passed. */
  async function verifyNow(): Promise<void> {
    t.clock.advance(MINUTE);
    await t.app.services.slipVerifier.runOnce();
  }

  it('credits a slip EasySlip confirms, once; the same slip again is SLIP_REFNO_DUPLICATED', async () => {
    const m = await depositMember(t);
    const { png } = await bankTransfer(t, { amount: 420, sender: m.sender });
    const first = await upload(m.token, png);
    await verifyNow();
    expect(await slipOf(m.token, first)).toMatchObject({ status: 'success', amount: 420 });
    const second = await upload(m.token, png);
    await verifyNow();
    expect(await slipOf(m.token, second)).toMatchObject({ status: 'failed', note: 'SLIP_REFNO_DUPLICATED' });
    expect(await walletBalance(t, m.id)).toBe(42_000n);
  });

  it('maps the receiver and the time onto DEST_ACC_INVALID and EXPIRED_SLIP', async () => {
    const m = await depositMember(t);
    const elsewhere = await bankTransfer(t, { amount: 50, sender: m.sender, receiver: { ...SITE_ACCOUNT, account: '9999999999' } });
    const old = await bankTransfer(t, { amount: 50, sender: m.sender, time: new Date(t.clock.now().getTime() - 3 * 24 * 60 * MINUTE) });
    const a = await upload(m.token, elsewhere.png);
    const b = await upload(m.token, old.png);
    await verifyNow();
    expect(await slipOf(m.token, a)).toMatchObject({ status: 'failed', note: 'DEST_ACC_INVALID' });
    expect(await slipOf(m.token, b)).toMatchObject({ status: 'failed', note: 'EXPIRED_SLIP' });
    expect(await walletBalance(t, m.id)).toBe(0n);
  });

  it.each(['quota_exceeded', 'unauthorized', 'server_error', 'rate_limited', 'malformed'])(
    'keeps the slip waiting through %s and credits it once the service answers',
    async (name) => {
      const m = await depositMember(t);
      const { png } = await bankTransfer(t, { amount: 75, sender: m.sender });
      const reference = await upload(m.token, png);
      await fault({ fault: name, times: 1 });
      await verifyNow();
      expect(await slipOf(m.token, reference)).toMatchObject({ status: 'processing' });
      expect(await walletBalance(t, m.id)).toBe(0n);
      await verifyNow();
      expect(await slipOf(m.token, reference)).toMatchObject({ status: 'success', amount: 75 });
      expect(await walletBalance(t, m.id)).toBe(7_500n);
    },
  );

  it('credits a slip EasySlip calls duplicate_slip (our own retry looks like one), and only once', async () => {
    const m = await depositMember(t);
    const { png } = await bankTransfer(t, { amount: 30, sender: m.sender });
    const reference = await upload(m.token, png);
    await fault({ fault: 'duplicate', times: 1 });
    await verifyNow();
    expect(await slipOf(m.token, reference)).toMatchObject({ status: 'success', amount: 30 });
    expect(await walletBalance(t, m.id)).toBe(3_000n);
  });

  it('leaves a slip to the money desk (UNKNOW_ERROR) when the account stays refused past the attempts; the operator credits it once', async () => {
    const m = await depositMember(t);
    const { png } = await bankTransfer(t, { amount: 60, sender: m.sender });
    const reference = await upload(m.token, png);
    await fault({ fault: 'quota_exceeded' });
    for (let i = 0; i < 4; i++) await verifyNow();
    expect(await slipOf(m.token, reference)).toMatchObject({ status: 'failed', note: 'UNKNOW_ERROR' });
    expect(await walletBalance(t, m.id)).toBe(0n);

    // The operator credits it from EasySlip's record: refused while the account still is, then once.
    const operator = await loginOperator(t, ['finance']);
    const slips = await operator.call(ADMIN_ROUTES.slips.list, {}, undefined, { memberId: m.id });
    const id = slips.json<{ slips: TAdminSlip[] }>().slips[0]?.id ?? '';
    expectError(await operator.call(ADMIN_ROUTES.slips.credit, { id }, { reason: 'checked' }), 503, 'SERVICE_UNAVAILABLE');
    expect(await walletBalance(t, m.id)).toBe(0n);
    await fault({ fault: 'none' });
    const credited = await operator.call(ADMIN_ROUTES.slips.credit, { id }, { reason: 'checked' });
    expect(credited.json<TAdminSlip>()).toMatchObject({ status: 'success', amount: 60 });
    expect(await walletBalance(t, m.id)).toBe(6_000n);
  });
});
