import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TWithdrawResponse } from '@jetton/contract/withdraw';
import { ROUTES } from '@jetton/contract/routes';
import { call, expectError } from '../support/accounts-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { expectHealthy, walletBalance, walletMember } from '../support/wallet-support.ts';
import { decide, payoutFaults, payoutsOf, setWithdrawRules, withdraw, withdrawLines } from '../support/withdraw-support.ts';

const RETRY_MS = 1_000;

describe.each(testEngines())('withdrawals (%s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // The payout job is driven by hand (no timer racing the test's own runs); short payout
    // deadlines so a held answer times out quickly.
    t = await startTestApp(engine, {}, { startJobs: false });
    await setWithdrawRules(t, { payoutTimeoutMs: 200, payoutRetryMs: RETRY_MS });
  });
  afterEach(async () => {
    await payoutFaults(t, 'none');
    await expectHealthy(t);
  });
  afterAll(() => t.close());

  const ok = (res: Awaited<ReturnType<typeof withdraw>>): TWithdrawResponse => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TWithdrawResponse>();
  };
  const settleLater = async () => {
    t.clock.advance(RETRY_MS + 1);
    return t.app.services.payoutJob.runOnce();
  };

  it('refuses amounts outside the withdraw lookup limits, more than the wallet, and bad requests', async () => {
    const m = await walletMember(t, 100_000n);
    expectError(await withdraw(t, m.token, { amount: 99.99 }), 400, 'KEY_INVALID');
    // Above the maximum with a wallet that could not pay it either: the balance is the reason told.
    expectError(await withdraw(t, m.token, { amount: 50_000.01 }), 422, 'MONEY_NOT_ENOUGH');
    expectError(await withdraw(t, m.token, { amount: 9_999_999 }), 422, 'MONEY_NOT_ENOUGH');
    expectError(await withdraw(t, m.token, { amount: 1_000.01 }), 422, 'MONEY_NOT_ENOUGH');
    expectError(await withdraw(t, m.token, { amount: 100.001 }), 400, 'KEY_INVALID');
    // Above the maximum with enough in the wallet: the limit is the reason.
    const rich = await walletMember(t, 6_000_000n);
    expectError(await withdraw(t, rich.token, { amount: 50_000.01 }), 400, 'KEY_INVALID');
    expectError(await withdraw(t, m.token, {}), 400, 'KEY_MISSING');
    expectError(await withdraw(t, m.token, { amount: 100 }, { key: null }), 400, 'KEY_MISSING');
    expectError(
      await call(t, 'POST', ROUTES.wallet.withdraw, { amount: 100 }, { headers: { 'idempotency-key': randomUUID() } }),
      401,
      'invalid-token',
    );
    expect(await walletBalance(t, m.id)).toBe(100_000n);
    expect(await withdrawLines(t, m.token)).toEqual([]);
  });

  it('holds the money at once, approves up to 5,000.00 by itself and pays it out once', async () => {
    const m = await walletMember(t, 100_000n);
    const w = ok(await withdraw(t, m.token, { amount: 300 }, { all: true }));
    expect(w).toMatchObject({ status: 'processing', amount: 300 });
    expect(await walletBalance(t, m.id)).toBe(70_000n);
    expect(await withdrawLines(t, m.token)).toEqual([{ status: 'processing', amount: -300 }]);

    expect((await t.app.services.payoutJob.runOnce()).paid).toBeGreaterThanOrEqual(1);
    expect(await withdrawLines(t, m.token)).toEqual([{ status: 'SUCCESS', amount: -300 }]);
    expect(await payoutsOf(t, w.withdrawalId)).toEqual([
      expect.objectContaining({ status: 'SUCCESS', amount: '30000', bank: m.bankCode, calls: 1 }),
    ]);
    await settleLater();
    expect((await payoutsOf(t, w.withdrawalId))[0]?.calls).toBe(1);
    expect(await walletBalance(t, m.id)).toBe(70_000n);
  });

  it('replays the first answer for the same Idempotency-Key and moves the money once', async () => {
    const m = await walletMember(t, 100_000n);
    const key = randomUUID();
    const first = ok(await withdraw(t, m.token, { amount: 200 }, { key }));
    const again = await withdraw(t, m.token, { amount: 200 }, { key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(ok(again).withdrawalId).toBe(first.withdrawalId);
    expectError(await withdraw(t, m.token, { amount: 201 }, { key }), 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(await walletBalance(t, m.id)).toBe(80_000n);
    expect(await withdrawLines(t, m.token)).toHaveLength(1);
  });

  it('lets exactly one of 20 parallel withdrawals of the whole balance through', async () => {
    const m = await walletMember(t, 250_000n);
    const answers = await Promise.all(Array.from({ length: 20 }, () => withdraw(t, m.token, { amount: 2_500 })));
    const codes = answers.map((a) => (a.statusCode === 200 ? 'OK' : a.json<{ message: string }>().message));
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c === 'MONEY_NOT_ENOUGH')).toHaveLength(19);
    expect(await walletBalance(t, m.id)).toBe(0n);
    expect(await withdrawLines(t, m.token)).toHaveLength(1);
  });

  it('waits for an operator above 5,000.00; approval pays it, a second decision changes nothing', async () => {
    const m = await walletMember(t, 1_000_000n);
    const w = ok(await withdraw(t, m.token, { amount: 6_000 }));
    await t.app.services.payoutJob.runOnce();
    expect(await payoutsOf(t, w.withdrawalId)).toEqual([]);
    const queue = (await t.app.inject({ method: 'GET', url: '/sandbox/ops/withdrawals' })).json<{
      withdrawals: { withdrawalId: string }[];
    }>();
    expect(queue.withdrawals.map((q) => q.withdrawalId)).toContain(w.withdrawalId);

    const decisions = await Promise.all([decide(t, w.withdrawalId, 'approve'), decide(t, w.withdrawalId, 'approve')]);
    for (const d of decisions) expect(d.statusCode, d.body).toBe(200);
    await t.app.services.payoutJob.runOnce();
    expect(await withdrawLines(t, m.token)).toEqual([{ status: 'SUCCESS', amount: -6_000 }]);
    expect(await payoutsOf(t, w.withdrawalId)).toHaveLength(1);
    expectError(await decide(t, w.withdrawalId, 'reject'), 409, 'KEY_INVALID');
    expect(await walletBalance(t, m.id)).toBe(400_000n);
  });

  it('returns the money when the operator rejects, and a rejected withdrawal cannot be approved', async () => {
    const m = await walletMember(t, 1_000_000n);
    const w = ok(await withdraw(t, m.token, { amount: 7_000 }));
    expect(await walletBalance(t, m.id)).toBe(300_000n);
    const rejects = await Promise.all([decide(t, w.withdrawalId, 'reject'), decide(t, w.withdrawalId, 'reject')]);
    for (const r of rejects) expect(r.json()).toMatchObject({ state: 'rejected' });
    expect(await walletBalance(t, m.id)).toBe(1_000_000n);
    expect(await withdrawLines(t, m.token)).toEqual([{ status: 'FAILED', amount: -7_000 }]);
    expectError(await decide(t, w.withdrawalId, 'approve'), 409, 'KEY_INVALID');
    await t.app.services.payoutJob.runOnce();
    expect(await payoutsOf(t, w.withdrawalId)).toEqual([]);
    expectError(await decide(t, randomUUID(), 'approve'), 404, 'NO_DATA');
  });

  it('returns the money when the bank refuses the payout', async () => {
    const m = await walletMember(t, 50_000n);
    await payoutFaults(t, 'fail');
    const w = ok(await withdraw(t, m.token, { amount: 500 }));
    expect(await walletBalance(t, m.id)).toBe(0n);
    await t.app.services.payoutJob.runOnce();
    expect(await walletBalance(t, m.id)).toBe(50_000n);
    expect(await withdrawLines(t, m.token)).toEqual([{ status: 'FAILED', amount: -500 }]);
    await payoutFaults(t, 'none');
    await settleLater();
    expect(await payoutsOf(t, w.withdrawalId)).toEqual([expect.objectContaining({ status: 'FAILED', calls: 1 })]);
    expect(await walletBalance(t, m.id)).toBe(50_000n);
  });

  it('asks again by payout id after a lost answer and settles it without paying twice', async () => {
    const m = await walletMember(t, 50_000n);
    await payoutFaults(t, 'timeout', 600);
    const w = ok(await withdraw(t, m.token, { amount: 400 }));
    expect((await t.app.services.payoutJob.runOnce()).unknown).toBeGreaterThanOrEqual(1);
    expect(await withdrawLines(t, m.token)).toEqual([{ status: 'processing', amount: -400 }]);
    // Not due yet: nothing is asked or sent again before the retry delay.
    await t.app.services.payoutJob.runOnce();
    await payoutFaults(t, 'none');
    await settleLater();
    expect(await withdrawLines(t, m.token)).toEqual([{ status: 'SUCCESS', amount: -400 }]);
    expect(await payoutsOf(t, w.withdrawalId)).toEqual([expect.objectContaining({ status: 'SUCCESS', calls: 1 })]);
    expect(await walletBalance(t, m.id)).toBe(10_000n);
  });

  it('sends again a payout the API never received, and concurrent passes pay it once', async () => {
    const m = await walletMember(t, 50_000n);
    await payoutFaults(t, 'unavailable');
    const w = ok(await withdraw(t, m.token, { amount: 100 }));
    await t.app.services.payoutJob.runOnce();
    expect(await payoutsOf(t, w.withdrawalId)).toEqual([]);
    await payoutFaults(t, 'none');
    t.clock.advance(RETRY_MS + 1);
    await Promise.all([t.app.services.payoutJob.runOnce(), t.app.services.payoutJob.runOnce(), t.app.services.payoutJob.runOnce()]);
    expect(await payoutsOf(t, w.withdrawalId)).toEqual([expect.objectContaining({ status: 'SUCCESS', calls: 1 })]);
    expect(await withdrawLines(t, m.token)).toEqual([{ status: 'SUCCESS', amount: -100 }]);
    expect(await walletBalance(t, m.id)).toBe(40_000n);
  });

  it("keeps members apart: B sees none of A's withdrawals and A's key means nothing for B", async () => {
    const a = await walletMember(t, 50_000n);
    const b = await walletMember(t);
    const key = randomUUID();
    ok(await withdraw(t, a.token, { amount: 150 }, { key }));
    expectError(await withdraw(t, b.token, { amount: 150 }, { key }), 422, 'MONEY_NOT_ENOUGH');
    expect(await withdrawLines(t, b.token)).toEqual([]);
    expect(await withdrawLines(t, a.token)).toEqual([{ status: 'processing', amount: -150 }]);
    await t.app.services.payoutJob.runOnce();
  });
});
