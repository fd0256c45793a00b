import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TQrState } from '@jetton/contract/wallet';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { SIMULATED_BILLER_ID } from '../../src/counterparty-config.ts';
import { SCB_CONFIRM_PATH } from '../../src/modules/deposit/qr-scb-routes.ts';
import { call } from '../support/accounts-support.ts';
import { depositMember, expectLedgerHealthy, walletBalance } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import * as doc from './scb-doc-fixtures.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const QR_LIFETIME_MS = 600_000;
const GRACE_MS = 300_000;

describe.each(testEngines())('QR deposits through SCB’s API: faults never lose or double money (%s database)', (engine) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(
      engine,
      {
        counterparties: {
          scb: {
            provider: 'KBANK',
            baseUrl: undefined,
            apiKey: undefined,
            apiSecret: undefined,
            billerId: SIMULATED_BILLER_ID,
            ref3: 'SCB',
          },
          line: undefined,
        },
      },
      // The tests run each pass by hand: no timer passes in between.
      { startJobs: false },
    );
    await t.app.services.slipVerifier.stop();
    base = createSelfUrl(t.app, undefined)();
  });
  afterEach(async () => {
    await faults({});
    await expectLedgerHealthy(t);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const row = (id: string) => db().selectFrom('qr_codes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const faults = (body: object) =>
    fetch(`${base}/sandbox/scb/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ resendIntervalMs: 20, ...body }),
    });
  const pay = async (payload: string) => {
    const res = await fetch(`${base}/sandbox/scb/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payload }),
    });
    return (await res.json()) as { ok: boolean; confirmationStatus?: number; payment?: Record<string, string> };
  };
  const credits = async (id: string) =>
    (await db().selectFrom('journal_entries').select('id').where('kind', '=', 'deposit.qr').where('reference', '=', id).execute()).length;

  async function create(token: string, amount: number) {
    const res = await call(t, 'POST', '/api/qrcode/KBANK', { amount }, { token });
    return { status: res.statusCode, state: res.json<TQrState & { message?: string }>() };
  }

  it('credits a QR paid through SCB once SCB’s inquiry confirms it, once even when SCB sends the confirmation three times', async () => {
    const m = await depositMember(t);
    const { state } = await create(m.token, 150);
    const id = state.qrcodeId ?? '';
    expect(state.payload).toContain(SIMULATED_BILLER_ID);
    await faults({ confirmationCopies: 3 });
    const paid = await pay(state.payload ?? '');
    expect(paid.ok).toBe(true);
    expect(paid.confirmationStatus).toBe(200);
    expect((await row(id)).status).toBe('paid');
    expect((await row(id)).provider_ref).toBe(paid.payment?.transactionId);
    expect(await walletBalance(t, m.id)).toBe(15_000n);
    expect(await credits(id)).toBe(1);
  });

  it('credits nothing on a forged confirmation (SCB’s inquiry knows no such payment), and answers it as SCB expects', async () => {
    const m = await depositMember(t);
    const { state } = await create(m.token, 200);
    const id = state.qrcodeId ?? '';
    const hex = id.replace(/-/g, '').toUpperCase();
    const forged = {
      ...doc.CONFIRMATION,
      payeeProxyId: SIMULATED_BILLER_ID,
      amount: '200.00',
      billPaymentRef1: hex.slice(0, 20),
      billPaymentRef2: hex.slice(20),
    };
    const res = await fetch(`${base}${SCB_CONFIRM_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(forged),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...doc.CONFIRMATION_ANSWER, transactionId: doc.CONFIRMATION.transactionId });
    expect((await row(id)).status).toBe('open');
    expect(await walletBalance(t, m.id)).toBe(0n);
    // The documentation's own example names no QR of ours: received, nothing moves.
    const example = await fetch(`${base}${SCB_CONFIRM_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(doc.CONFIRMATION),
    });
    expect(await example.json()).toEqual(doc.CONFIRMATION_ANSWER);
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/qrcode/${id}`, headers: { authorization: `Bearer ${m.token}` } });
    expect(cancelled.statusCode).toBe(200);
  });

  it('asks SCB to resend while its inquiry does not answer (rate limit, timeout), and credits once when it does', async () => {
    const m = await depositMember(t);
    const { state } = await create(m.token, 300);
    const id = state.qrcodeId ?? '';
    // The first confirmation meets a rate-limited inquiry: answered 503, SCB sends again, the second is checked and credited.
    await faults({ rateLimit: 1 });
    const paid = await pay(state.payload ?? '');
    expect(paid.confirmationStatus).toBe(200);
    expect((await row(id)).status).toBe('paid');
    expect(await credits(id)).toBe(1);
    expect(await walletBalance(t, m.id)).toBe(30_000n);
  });

  it('credits a payment whose confirmation never came, by inquiry before expiry; keeps a QR open while SCB cannot answer', async () => {
    const m = await depositMember(t);
    const late = (await create(m.token, 400)).state;
    await faults({ dropConfirmation: true });
    await pay(late.payload ?? '');
    expect((await row(late.qrcodeId ?? '')).status).toBe('open');
    const m2 = await depositMember(t);
    const unanswered = (await create(m2.token, 50)).state;

    t.clock.advance(QR_LIFETIME_MS + GRACE_MS + 1_000);
    // Every inquiry call is held past the adapter's deadline: no answer, nothing expired, nothing credited.
    await faults({ timeout: 10, holdMs: 20_000 });
    const first = await t.app.services.qrExpiryJob.runOnce();
    // Earlier tests' open QRs are due too: at least these two went unanswered.
    expect(first.creditedLate).toBe(0);
    expect(first.unknown).toBeGreaterThanOrEqual(2);
    expect((await row(late.qrcodeId ?? '')).status).toBe('open');
    await faults({});
    const second = await t.app.services.qrExpiryJob.runOnce();
    expect(second).toMatchObject({ unknown: 0, creditedLate: 1 });
    expect(second.claimed).toBeGreaterThanOrEqual(1);
    expect((await row(late.qrcodeId ?? '')).status).toBe('paid');
    expect((await row(unanswered.qrcodeId ?? '')).status).toBe('expired');
    expect(await walletBalance(t, m.id)).toBe(40_000n);
    expect(await walletBalance(t, m2.id)).toBe(0n);
    // A confirmation arriving after all that credits nothing more.
    await t.app.services.qrExpiryJob.runOnce();
    expect(await credits(late.qrcodeId ?? '')).toBe(1);
  }, 120_000);

  it('gives the member QR_FAIL and keeps no open QR when SCB’s create fails (malformed answer, rate limit)', async () => {
    const m = await depositMember(t);
    for (const fault of [{ malformed: 1 }, { rateLimit: 1 }]) {
      await faults(fault);
      const { status, state } = await create(m.token, 100);
      expect(status).toBe(502);
      expect(state.message).toBe('QR_FAIL');
    }
    const open = await db().selectFrom('qr_codes').select('id').where('member_id', '=', m.id).where('status', '=', 'open').execute();
    expect(open).toHaveLength(0);
  });
});
