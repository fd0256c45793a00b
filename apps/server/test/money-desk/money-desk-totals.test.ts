import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminAdjustment, TAdminDepositNotice } from '@jetton/contract/admin/money';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { ROUTES } from '@jetton/contract/routes';
import { verifyAuditChain } from '../../src/modules/admin/audit-log.ts';
import { setMoneyRules } from '../support/money-rules-support.ts';
import { DAY_MS, siteDay, siteDayStart } from '@jetton/contract/site-time';
import { call, expectError } from '../support/accounts-support.ts';
import { loginOperator, type AdminClient } from '../support/admin-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { expectHealthy, walletBalance, walletMember, type WalletMember } from '../support/wallet-support.ts';
import { TEST_AUDIT_KEYS } from '../support/audit-support.ts';

/**
 * Four eyes on totals (docs/money-desk.md, "Four eyes"): the four-eyes amount
 * (2,500.00 here) also bounds what one operator credits one member by hand in
 * a site day, adjustments and manual deposits together.
 */
describe.each(testEngines())('four eyes on the day’s total (%s database)', (engine) => {
  let t: TestApp;
  let makerA: AdminClient;
  let checkerB: AdminClient;

  beforeAll(async () => {
    t = await startTestApp(engine, {});
    await setMoneyRules(t, { THB: { fourEyesWithdrawalAbove: 20_000, fourEyesAdjustmentAbove: 2_500 } });
    makerA = await loginOperator(t, ['finance']);
    checkerB = await loginOperator(t, ['finance']);
  });
  afterEach(() => expectHealthy(t));
  afterAll(() => t.close());

  const credit = (op: AdminClient, m: WalletMember, amount: number, key = randomUUID()) =>
    op.inject({
      method: 'POST',
      url: ADMIN_ROUTES.adjustments.propose.path,
      payload: { memberId: m.id, direction: 'credit', amount, reason: 'goodwill' },
      headers: { 'idempotency-key': key },
    });
  const adjustment = (res: Awaited<ReturnType<typeof credit>>) => {
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TAdminAdjustment>();
  };
  const audited = (action: string) =>
    t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();

  it('three credits of 1,000.00 by one operator: the one crossing the total waits for a second operator, who posts it', async () => {
    const m = await walletMember(t);
    const other = await walletMember(t);
    expect(adjustment(await credit(makerA, m, 1_000))).toMatchObject({ status: 'posted', fourEyes: false, fourEyesReason: null });
    expect(adjustment(await credit(makerA, m, 1_000))).toMatchObject({ status: 'posted', fourEyesReason: null });
    const third = adjustment(await credit(makerA, m, 1_000));
    expect(third).toMatchObject({ status: 'pending', fourEyes: true, fourEyesReason: 'DAY_TOTAL', proposedBy: makerA.operatorId });
    expect(await walletBalance(t, m.id)).toBe(200_000n);
    expect((await audited('adjustment.propose')).after).toMatchObject({ fourEyesReason: 'DAY_TOTAL', amount: 1_000 });

    // Another operator's credits, and the same operator's to another member, are totals of their own.
    expect(adjustment(await credit(checkerB, m, 1_000))).toMatchObject({ status: 'posted' });
    expect(adjustment(await credit(makerA, other, 1_000))).toMatchObject({ status: 'posted' });
    // What waits for a checker counts too: a small credit by the maker still waits.
    expect(adjustment(await credit(makerA, m, 0.01))).toMatchObject({ status: 'pending', fourEyesReason: 'DAY_TOTAL' });
    // Above the amount on its own stays the amount's reason.
    expect(adjustment(await credit(makerA, other, 3_000))).toMatchObject({ status: 'pending', fourEyesReason: 'AMOUNT' });

    expectError(await makerA.call(ADMIN_ROUTES.adjustments.confirm, { id: third.id }), 403, 'FOUR_EYES_SAME_OPERATOR');
    const posted = await checkerB.call(ADMIN_ROUTES.adjustments.confirm, { id: third.id });
    expect(posted.json<TAdminAdjustment>()).toMatchObject({
      status: 'posted',
      decidedBy: checkerB.operatorId,
      fourEyesReason: 'DAY_TOTAL',
    });
    expect(await walletBalance(t, m.id)).toBe(400_000n);
  });

  it('manual deposits count with adjustments; the one crossing the total is a proposal a second operator confirms', async () => {
    const m = await walletMember(t);
    const notify = async (amount: number) => {
      const res = await call(t, 'POST', ROUTES.wallet.add, { amount }, { token: m.token, headers: { 'idempotency-key': randomUUID() } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    };
    const confirm = async (op: AdminClient, id: string) => {
      const res = await op.call(ADMIN_ROUTES.depositNotices.confirm, { id });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TAdminDepositNotice>();
    };
    const first = await notify(1_000);
    const second = await notify(1_000);
    const rejected = await notify(1_000);
    expect(adjustment(await credit(makerA, m, 1_000))).toMatchObject({ status: 'posted' });
    expect(await confirm(makerA, first)).toMatchObject({ status: 'success', proposedBy: makerA.operatorId, fourEyesReason: null });
    const held = await confirm(makerA, second);
    expect(held).toMatchObject({ status: 'processing', proposedBy: makerA.operatorId, fourEyesReason: 'DAY_TOTAL' });
    expect(await walletBalance(t, m.id)).toBe(200_000n);
    expect((await audited('depositNotice.propose')).after).toMatchObject({ fourEyesReason: 'DAY_TOTAL' });
    expectError(await makerA.call(ADMIN_ROUTES.depositNotices.confirm, { id: second }), 403, 'FOUR_EYES_SAME_OPERATOR');
    // A rejected proposal no longer counts.
    expect(await confirm(makerA, rejected)).toMatchObject({ status: 'processing', fourEyesReason: 'DAY_TOTAL' });
    const refused = await checkerB.call(ADMIN_ROUTES.depositNotices.reject, { id: rejected }, { reason: 'not on the statement' });
    expect(refused.json<TAdminDepositNotice>()).toMatchObject({ status: 'failed', decidedBy: checkerB.operatorId });

    expect(await confirm(checkerB, second)).toMatchObject({
      status: 'success',
      proposedBy: makerA.operatorId,
      decidedBy: checkerB.operatorId,
    });
    expectError(await checkerB.call(ADMIN_ROUTES.depositNotices.confirm, { id: second }), 409, 'ALREADY_DECIDED');
    expect(await walletBalance(t, m.id)).toBe(300_000n);
    expect((await audited('depositNotice.confirm')).ledger_entry_id).toBeTruthy();
    expect(await verifyAuditChain(t.database.db, TEST_AUDIT_KEYS)).toMatchObject({ ok: true });
  });

  it('ten parallel credits by one operator to one member: the total never slips past the amount', async () => {
    const m = await walletMember(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => credit(makerA, m, 1_000)).map(async (r) => adjustment(await r)));
    expect(answers.filter((a) => a.status === 'posted')).toHaveLength(2);
    expect(answers.filter((a) => a.status === 'pending' && a.fourEyesReason === 'DAY_TOTAL')).toHaveLength(8);
    expect(await walletBalance(t, m.id)).toBe(200_000n);
  });

  it('parallel adjustments and deposit confirms by one operator share one total', async () => {
    const m = await walletMember(t);
    const notices = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(
        t,
        'POST',
        ROUTES.wallet.add,
        { amount: 1_000 },
        { token: m.token, headers: { 'idempotency-key': randomUUID() } },
      );
      notices.push(res.json<{ id: string }>().id);
    }
    const [confirms, adjustments] = await Promise.all([
      Promise.all(notices.map((id) => makerA.call(ADMIN_ROUTES.depositNotices.confirm, { id }))),
      Promise.all(Array.from({ length: 3 }, () => credit(makerA, m, 1_000))),
    ]);
    for (const r of confirms) expect(r.statusCode, r.body).toBe(200);
    const credited =
      confirms.filter((r) => r.json<TAdminDepositNotice>().status === 'success').length +
      adjustments.filter((r) => adjustment(r).status === 'posted').length;
    expect(credited).toBe(2);
    expect(await walletBalance(t, m.id)).toBe(200_000n);
  });

  it('the next site day starts fresh', async () => {
    const m = await walletMember(t);
    const a = { id: makerA.operatorId };
    const request = { memberId: m.id, direction: 'credit' as const, amount: 1_000, reason: 'goodwill' };
    // The last minute of a Bangkok day, then its first.
    const now = t.clock.now();
    t.clock.advance(siteDayStart(siteDay(now)).getTime() + DAY_MS - 60_000 - now.getTime());
    expect((await t.app.services.moneyDesk.adjustments.propose(a, request)).status).toBe('posted');
    expect((await t.app.services.moneyDesk.adjustments.propose(a, request)).status).toBe('posted');
    expect((await t.app.services.moneyDesk.adjustments.propose(a, request)).fourEyesReason).toBe('DAY_TOTAL');
    t.clock.advance(60_000);
    expect((await t.app.services.moneyDesk.adjustments.propose(a, request)).status).toBe('posted');
    expect((await t.app.services.moneyDesk.adjustments.propose(a, request)).status).toBe('posted');
    expect((await t.app.services.moneyDesk.adjustments.propose(a, request)).fourEyesReason).toBe('DAY_TOTAL');
    expect(await walletBalance(t, m.id)).toBe(400_000n);
  });
});
