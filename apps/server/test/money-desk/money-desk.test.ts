import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  TAdminAdjustment,
  TAdminDepositNotice,
  TAdminSlip,
  TAdminTransfer,
  TAdminWithdrawal,
  TWithdrawalDecision,
} from '@jetton/contract/admin/money';
import type { TDashboard } from '@jetton/contract/admin/dashboard';
import { ADMIN_ROUTES, type AdminRoute } from '@jetton/contract/admin/routes';
import type { TSettings } from '@jetton/contract/admin/settings';
import { hasPermission, ROLES } from '@jetton/contract/admin/permissions';
import type { TWithdrawResponse } from '@jetton/contract/withdraw';
import { ZTransferResponse, type TStatementResponse } from '@jetton/contract/wallet';
import { ROUTES, apiPath } from '@jetton/contract/routes';
import { toMinor } from '@jetton/contract/money';
import { verifyAuditChain } from '../../src/modules/admin/audit-log.ts';
import { setMoneyRules } from '../support/money-rules-support.ts';
import { ACCOUNT_CODES, systemAccount } from '../../src/ledger/account-codes.ts';
import { accountBalance } from '../../src/ledger/accounts.ts';
import { call, expectError } from '../support/accounts-support.ts';
import { loginOperator, type AdminClient } from '../support/admin-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import {
  activated,
  expectHealthy,
  setWalletRules,
  transfer,
  walletBalance,
  walletMember,
  type WalletMember,
} from '../support/wallet-support.ts';
import { sandboxOf } from '../support/demo-provider-helpers.ts';
import { bankTransfer, depositMember, setBankUnavailable, uploadSlip } from '../support/deposit-support.ts';
import { payoutFaults, payoutsOf, setWithdrawRules, withdraw, withdrawLines } from '../support/withdraw-support.ts';
import { TEST_AUDIT_KEYS } from '../support/audit-support.ts';

/** The default payout deadline (8 s) stays: under load a shorter one would time out real answers. */
const RETRY_MS = 20_000;
const FINDING_MS = 100_000;

/** Money-desk routes: their one permission each (the full matrix is the permission test's). */
const DESK_GROUPS = ['dashboard', 'withdrawals', 'payouts', 'slips', 'depositNotices', 'adjustments', 'transfers'] as const;
const deskRoutes = (): AdminRoute[] => DESK_GROUPS.flatMap((g) => Object.values(ADMIN_ROUTES[g]) as AdminRoute[]);

describe.each(testEngines())('the money desk (%s database)', (engine) => {
  let t: TestApp;
  let makerA: AdminClient;
  let checkerB: AdminClient;
  let owner: AdminClient;

  beforeAll(async () => {
    t = await startTestApp(engine, {});
    // The tests drive the payout job and reconciliation by hand: their timers wait an hour after their first pass.
    await setWalletRules(t, { reconcileIntervalMs: 3_600_000 });
    await setWithdrawRules(t, { payoutRetryMs: RETRY_MS, payoutFindingAfterMs: FINDING_MS, payoutIntervalMs: 3_600_000 });
    await setMoneyRules(t, { THB: { fourEyesWithdrawalAbove: 20_000, fourEyesAdjustmentAbove: 1_000 } });
    // The tests run the slip verifier by hand.
    await t.app.services.slipVerifier.stop();
    makerA = await loginOperator(t, ['finance']);
    checkerB = await loginOperator(t, ['finance']);
    owner = await loginOperator(t, ['owner']);
  });
  afterEach(async () => {
    await payoutFaults(t, 'none');
    await expectHealthy(t);
  });
  afterAll(() => t.close());

  async function requestWithdrawal(m: WalletMember, amount: number): Promise<string> {
    const res = await withdraw(t, m.token, { amount });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TWithdrawResponse>().withdrawalId;
  }
  const decision = (res: Awaited<ReturnType<AdminClient['call']>>) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TWithdrawalDecision>();
  };
  const auditOf = (action: string) =>
    t.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('seq', 'desc').limit(1).executeTakeFirst();

  it('four eyes: the proposer can never confirm (owners included), a second proposal is refused, a second operator confirms', async () => {
    const m = await walletMember(t, 6_000_000n);
    const id = await requestWithdrawal(m, 30_000);
    const queue = await makerA.call(ADMIN_ROUTES.withdrawals.list, {}, undefined, { status: 'pending' });
    expect(queue.json<{ withdrawals: TAdminWithdrawal[] }>().withdrawals.map((w) => w.id)).toContain(id);

    const proposed = decision(await makerA.call(ADMIN_ROUTES.withdrawals.approve, { id }));
    expect(proposed).toMatchObject({
      outcome: 'proposed',
      withdrawal: { state: 'review', fourEyes: true, proposal: { proposedBy: makerA.operatorId } },
    });
    expectError(await makerA.call(ADMIN_ROUTES.withdrawals.approve, { id }), 409, 'ALREADY_PROPOSED');
    expectError(await checkerB.call(ADMIN_ROUTES.withdrawals.approve, { id }), 409, 'ALREADY_PROPOSED');
    expectError(await makerA.call(ADMIN_ROUTES.withdrawals.confirm, { id }), 403, 'FOUR_EYES_SAME_OPERATOR');

    const confirmed = decision(await checkerB.call(ADMIN_ROUTES.withdrawals.confirm, { id }));
    expect(confirmed).toMatchObject({ outcome: 'confirmed', withdrawal: { state: 'approved', decidedBy: checkerB.operatorId } });
    expectError(await checkerB.call(ADMIN_ROUTES.withdrawals.confirm, { id }), 409, 'ALREADY_DECIDED');
    expect((await auditOf('withdrawal.confirm'))?.ledger_entry_id).toBeTruthy();

    // An owner is no exception: their own proposal needs someone else.
    const big = await requestWithdrawal(m, 25_000);
    decision(await owner.call(ADMIN_ROUTES.withdrawals.approve, { id: big }));
    expectError(await owner.call(ADMIN_ROUTES.withdrawals.confirm, { id: big }), 403, 'FOUR_EYES_SAME_OPERATOR');
    expect(decision(await makerA.call(ADMIN_ROUTES.withdrawals.confirm, { id: big })).outcome).toBe('confirmed');

    await t.app.services.payoutJob.runOnce();
    expect(await withdrawLines(t, m.token)).toEqual([
      { status: 'SUCCESS', amount: -25_000 },
      { status: 'SUCCESS', amount: -30_000 },
    ]);
    expect(await verifyAuditChain(t.database.db, TEST_AUDIT_KEYS)).toMatchObject({ ok: true });
  });

  it('two makers at once make one proposal; two checkers at once approve it once', async () => {
    const m = await walletMember(t, 6_000_000n);
    const id = await requestWithdrawal(m, 45_000);
    const proposals = await Promise.all([makerA, checkerB].map((op) => op.call(ADMIN_ROUTES.withdrawals.approve, { id })));
    expect(proposals.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const proposer = proposals[0]?.statusCode === 200 ? makerA : checkerB;
    const third = await loginOperator(t, ['finance']);
    const fourth = await loginOperator(t, ['owner']);
    const confirms = await Promise.all([third, fourth].map((op) => op.call(ADMIN_ROUTES.withdrawals.confirm, { id })));
    expect(confirms.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expectError(await proposer.call(ADMIN_ROUTES.withdrawals.confirm, { id }), 409, 'ALREADY_DECIDED');
    const rows = await t.database.db.selectFrom('withdrawal_approvals').select(['status']).where('withdrawal_id', '=', id).execute();
    expect(rows.map((r) => r.status)).toEqual(['confirmed']);
  });

  it('approves at once up to the four-eyes amount; nothing to confirm then', async () => {
    const m = await walletMember(t, 1_000_000n);
    const id = await requestWithdrawal(m, 6_000);
    expectError(await checkerB.call(ADMIN_ROUTES.withdrawals.confirm, { id }), 409, 'NOT_PROPOSED');
    expect(decision(await makerA.call(ADMIN_ROUTES.withdrawals.approve, { id }))).toMatchObject({
      outcome: 'approved',
      withdrawal: { state: 'approved', fourEyes: false },
    });
    expectError(await makerA.call(ADMIN_ROUTES.withdrawals.reject, { id }, { reason: 'too late' }), 409, 'ALREADY_DECIDED');
  });

  it('a rejection needs a reason, returns the money through the ledger and cancels a pending proposal', async () => {
    const m = await walletMember(t, 5_000_000n);
    const id = await requestWithdrawal(m, 40_000);
    expect(await walletBalance(t, m.id)).toBe(1_000_000n);
    decision(await makerA.call(ADMIN_ROUTES.withdrawals.approve, { id }));
    expectError(await checkerB.call(ADMIN_ROUTES.withdrawals.reject, { id }, {}), 400, 'KEY_MISSING');
    const rejected = decision(await checkerB.call(ADMIN_ROUTES.withdrawals.reject, { id }, { reason: 'account under review' }));
    expect(rejected).toMatchObject({
      outcome: 'rejected',
      withdrawal: { state: 'rejected', reason: 'account under review', proposal: null },
    });
    expect(await walletBalance(t, m.id)).toBe(5_000_000n);
    expect(await withdrawLines(t, m.token)).toEqual([{ status: 'FAILED', amount: -40_000 }]);
    expectError(await checkerB.call(ADMIN_ROUTES.withdrawals.confirm, { id }), 409, 'ALREADY_DECIDED');
    const row = await auditOf('withdrawal.reject');
    expect(row).toMatchObject({ operator_id: checkerB.operatorId, member_id: m.id });
    expect(row?.ledger_entry_id).toBeTruthy();
  });

  it('a blacklisted destination waits in review, can only be rejected, and a queued payout to it goes back to review', async () => {
    const m = await walletMember(t, 1_000_000n);
    const queued = await requestWithdrawal(m, 200);
    const listed = await makerA.call(
      ADMIN_ROUTES.blacklist.add,
      {},
      { bankCode: m.bankCode, bankAccountNo: m.bankAccountNo, reason: 'fraud ring' },
    );
    expect(listed.statusCode, listed.body).toBeLessThan(300);

    const id = await requestWithdrawal(m, 100);
    expect((await makerA.call(ADMIN_ROUTES.withdrawals.detail, { id })).json<TAdminWithdrawal>()).toMatchObject({
      state: 'review',
      reviewReason: 'BLACKLISTED',
    });
    expectError(await makerA.call(ADMIN_ROUTES.withdrawals.approve, { id }), 409, 'INVALID_BANK');

    // Approved before the listing, never sent: the payout job hands it back instead of paying.
    await t.app.services.payoutJob.runOnce();
    expect((await makerA.call(ADMIN_ROUTES.withdrawals.detail, { id: queued })).json<TAdminWithdrawal>()).toMatchObject({
      state: 'review',
      reviewReason: 'BLACKLISTED',
    });
    expect(await payoutsOf(t, queued)).toEqual([]);
    for (const w of [id, queued])
      decision(await makerA.call(ADMIN_ROUTES.withdrawals.reject, { id: w }, { reason: 'blacklisted account' }));
    expect(await walletBalance(t, m.id)).toBe(1_000_000n);
  });

  it('holds a payout whose outcome is unknown, never refunds it by itself, and lists it as a finding to settle', async () => {
    const m = await walletMember(t, 1_000_000n);
    await payoutFaults(t, 'unavailable');
    const failedOne = await requestWithdrawal(m, 1_000);
    const retried = await requestWithdrawal(m, 2_000);
    await t.app.services.payoutJob.runOnce();
    const held = await makerA.call(ADMIN_ROUTES.payouts.held);
    expect(held.json<{ withdrawals: TAdminWithdrawal[] }>().withdrawals.filter((w) => w.memberId === m.id)).toHaveLength(2);
    for (let i = 0; i < 8; i++) {
      t.clock.advance(RETRY_MS + 1);
      await t.app.services.payoutJob.runOnce();
    }
    // Past the deadline: findings, the money still held (not back in the wallet), the job no longer asks.
    expect(await walletBalance(t, m.id)).toBe(700_000n);
    const findings = (await makerA.call(ADMIN_ROUTES.payouts.findings)).json<{ withdrawals: TAdminWithdrawal[] }>().withdrawals;
    expect(findings.filter((w) => w.memberId === m.id).map((w) => [w.state, w.held, w.finding])).toEqual([
      ['paying', true, true],
      ['paying', true, true],
    ]);
    expect(await withdrawLines(t, m.token)).toEqual([
      { status: 'processing', amount: -2_000 },
      { status: 'processing', amount: -1_000 },
    ]);

    expectError(await makerA.call(ADMIN_ROUTES.payouts.settle, { id: failedOne }, { outcome: 'failed' }), 400, 'KEY_MISSING');
    const settled = await makerA.call(
      ADMIN_ROUTES.payouts.settle,
      { id: failedOne },
      { outcome: 'failed', reason: 'bank says never received' },
    );
    expect(settled.json<TAdminWithdrawal>()).toMatchObject({ state: 'failed' });
    expect(await walletBalance(t, m.id)).toBe(800_000n);
    expect((await auditOf('payout.settle'))?.ledger_entry_id).toBeTruthy();

    await payoutFaults(t, 'none');
    expect((await makerA.call(ADMIN_ROUTES.payouts.settle, { id: retried }, { outcome: 'retry', reason: 'bank is back' })).statusCode).toBe(
      200,
    );
    await t.app.services.payoutJob.runOnce();
    expect(await withdrawLines(t, m.token)).toEqual([
      { status: 'SUCCESS', amount: -2_000 },
      { status: 'FAILED', amount: -1_000 },
    ]);
    expectError(await makerA.call(ADMIN_ROUTES.payouts.settle, { id: retried }, { outcome: 'paid', reason: 'x' }), 409, 'ALREADY_DECIDED');
  });

  it('manual credit and debit post against the adjustment account, show on the statement, four eyes above the amount', async () => {
    const m = await walletMember(t, 10_000n);
    const adjustment = await accountBalance(t.database.db, systemAccount(ACCOUNT_CODES.adjustment, 'THB'));
    const propose = (op: AdminClient, body: unknown, key = randomUUID()) =>
      op.inject({
        method: 'POST',
        url: ADMIN_ROUTES.adjustments.propose.path,
        payload: body as object,
        headers: { 'idempotency-key': key },
      });

    expectError(await propose(makerA, { memberId: m.id, direction: 'credit', amount: 500 }), 400, 'KEY_MISSING');
    const key = randomUUID();
    const credit = await propose(makerA, { memberId: m.id, direction: 'credit', amount: 500, reason: 'goodwill' }, key);
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json<TAdminAdjustment>()).toMatchObject({ status: 'posted', fourEyes: false, direction: 'credit', amount: 500 });
    const replay = await propose(makerA, { memberId: m.id, direction: 'credit', amount: 500, reason: 'goodwill' }, key);
    expect(replay.json<TAdminAdjustment>().id).toBe(credit.json<TAdminAdjustment>().id);
    expect(await walletBalance(t, m.id)).toBe(60_000n);

    const debit = await propose(makerA, { memberId: m.id, direction: 'debit', amount: 200, reason: 'double credit corrected' });
    expect(debit.json<TAdminAdjustment>()).toMatchObject({ status: 'posted', direction: 'debit' });
    expect(await walletBalance(t, m.id)).toBe(40_000n);
    expectError(
      await propose(makerA, { memberId: m.id, direction: 'debit', amount: 999, reason: 'more than held' }),
      422,
      'MONEY_NOT_ENOUGH',
    );

    const big = (
      await propose(makerA, { memberId: m.id, direction: 'credit', amount: 5_000, reason: 'lost payout' })
    ).json<TAdminAdjustment>();
    expect(big).toMatchObject({ status: 'pending', fourEyes: true });
    expect(await walletBalance(t, m.id)).toBe(40_000n);
    expectError(await makerA.call(ADMIN_ROUTES.adjustments.confirm, { id: big.id }), 403, 'FOUR_EYES_SAME_OPERATOR');
    const posted = await checkerB.call(ADMIN_ROUTES.adjustments.confirm, { id: big.id });
    expect(posted.json<TAdminAdjustment>()).toMatchObject({ status: 'posted', decidedBy: checkerB.operatorId });
    expect(posted.json<TAdminAdjustment>().entryId).toBeTruthy();
    expectError(await checkerB.call(ADMIN_ROUTES.adjustments.confirm, { id: big.id }), 409, 'ALREADY_DECIDED');
    expect(await walletBalance(t, m.id)).toBe(540_000n);
    expect(await accountBalance(t.database.db, systemAccount(ACCOUNT_CODES.adjustment, 'THB'))).toBe(adjustment - 530_000n);

    const dropped = (await propose(makerA, { memberId: m.id, direction: 'debit', amount: 2_000, reason: 'typo' })).json<TAdminAdjustment>();
    expect(
      (await makerA.call(ADMIN_ROUTES.adjustments.reject, { id: dropped.id }, { reason: 'wrong member' })).json<TAdminAdjustment>().status,
    ).toBe('rejected');

    const statement = await call(t, 'POST', ROUTES.statement.list, { page: 1, limit: 10 }, { token: m.token });
    const lines = statement.json<TStatementResponse>().statements.filter((s) => s.statementType === 'adjustment');
    expect(lines.map((l) => [l.amount, l.status])).toEqual([
      [5_000, 'SUCCESS'],
      [-200, 'SUCCESS'],
      [500, 'SUCCESS'],
    ]);
    expect((await auditOf('adjustment.confirm'))?.ledger_entry_id).toBe(posted.json<TAdminAdjustment>().entryId);
  });

  it('lists a pending game transfer with its state; a re-check waits for its age, then settles it now', async () => {
    const sandbox = sandboxOf(t);
    const m = await walletMember(t, 10_000n);
    await activated(t, m, 'pg');
    await sandbox.setFaults({ game: 'pg', unknownOutcome: { applied: false, answer: 'garbled' } });
    const res = await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 40 });
    await sandbox.resetFaults();
    expect(res.statusCode, res.body).toBe(202);
    const id = ZTransferResponse.parse(res.json()).transferId;
    const pending = (await makerA.call(ADMIN_ROUTES.transfers.list)).json<{ transfers: TAdminTransfer[] }>().transfers;
    expect(pending.find((p) => p.id === id)).toMatchObject({ status: 'PENDING', memberId: m.id, gameCode: 'pg', amount: 40 });

    // Still possibly on its way to the provider: "not found" would not be the truth yet.
    expectError(await makerA.call(ADMIN_ROUTES.transfers.recheck, { id }), 429, 'REQUEST_LIMIT');
    t.clock.advance(16_000);
    const rechecked = await makerA.call(ADMIN_ROUTES.transfers.recheck, { id });
    expect(rechecked.json<TAdminTransfer>()).toMatchObject({ status: 'FAILED', reason: 'NOT_FOUND_AT_PROVIDER' });
    expect(await walletBalance(t, m.id)).toBe(10_000n);
    expectError(await makerA.call(ADMIN_ROUTES.transfers.recheck, { id }), 409, 'ALREADY_DECIDED');
    expectError(await makerA.call(ADMIN_ROUTES.transfers.recheck, { id: randomUUID() }), 404, 'NO_DATA');
    expect((await auditOf('transfer.recheck'))?.member_id).toBe(m.id);
  });

  it('credits an undecided slip once from the bank record, fails another with a note code', async () => {
    const m = await depositMember(t);
    const { png } = await bankTransfer(t, { amount: 100, sender: m.sender });
    const other = await bankTransfer(t, { amount: 70, sender: m.sender });
    await setBankUnavailable(t, true);
    const ids: string[] = [];
    try {
      for (const bytes of [png, png, other.png]) {
        const res = await uploadSlip(t, m.token, { bytes });
        expect(res.statusCode, res.body).toBe(201);
        ids.push(res.json<{ slip: { reference: string } }>().slip.reference);
      }
      for (let attempt = 1; attempt <= 3; attempt++) {
        await t.app.services.slipVerifier.runOnce();
        t.clock.advance(60_000);
      }
    } finally {
      await setBankUnavailable(t, false);
    }
    const [first = '', second = '', third = ''] = ids;
    const undecided = (await makerA.call(ADMIN_ROUTES.slips.list, {}, undefined, { memberId: m.id })).json<{ slips: TAdminSlip[] }>().slips;
    expect(undecided.map((s) => [s.status, s.note, s.undecided])).toEqual([
      ['failed', 'UNKNOW_ERROR', true],
      ['failed', 'UNKNOW_ERROR', true],
      ['failed', 'UNKNOW_ERROR', true],
    ]);
    const image = await makerA.inject({ method: 'GET', url: undecided[0]?.imageUrl ?? '' });
    expect(image.headers['content-type']).toBe('image/png');

    const before = await walletBalance(t, m.id);
    const credited = await makerA.call(ADMIN_ROUTES.slips.credit, { id: first }, { reason: 'bank statement checked' });
    expect(credited.json<TAdminSlip>()).toMatchObject({ status: 'success', amount: 100, note: null });
    expect(await walletBalance(t, m.id)).toBe(before + 10_000n);
    // The same transfer's other slip: never a second credit.
    const duplicate = await checkerB.call(ADMIN_ROUTES.slips.credit, { id: second }, { reason: 'same again' });
    expect(duplicate.json<TAdminSlip>()).toMatchObject({ status: 'failed', note: 'SLIP_REFNO_DUPLICATED' });
    expect(await walletBalance(t, m.id)).toBe(before + 10_000n);
    expectError(await makerA.call(ADMIN_ROUTES.slips.credit, { id: first }, { reason: 'again' }), 409, 'ALREADY_DECIDED');

    const failed = await makerA.call(ADMIN_ROUTES.slips.fail, { id: third }, { note: 'NOT_MATCH', reason: 'sent from a friend' });
    expect(failed.json<TAdminSlip>()).toMatchObject({ status: 'failed', note: 'NOT_MATCH', undecided: false });
    expectError(await makerA.call(ADMIN_ROUTES.slips.credit, { id: third }, { reason: 'changed my mind' }), 409, 'ALREADY_DECIDED');
    expect(await walletBalance(t, m.id)).toBe(before + 10_000n);
    expect((await auditOf('slip.credit'))?.ledger_entry_id).toBeTruthy();
  });

  it('confirms a manual deposit notice once and rejects another', async () => {
    const m = await walletMember(t);
    const notify = async (amount: number) => {
      const res = await call(t, 'POST', ROUTES.wallet.add, { amount }, { token: m.token, headers: { 'idempotency-key': randomUUID() } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    };
    const yes = await notify(250);
    const no = await notify(999);
    const queue = (await makerA.call(ADMIN_ROUTES.depositNotices.list)).json<{ notices: TAdminDepositNotice[] }>().notices;
    expect(
      queue
        .filter((n) => n.memberId === m.id)
        .map((n) => n.amount)
        .sort((a, b) => a - b),
    ).toEqual([250, 999]);
    expect((await makerA.call(ADMIN_ROUTES.depositNotices.confirm, { id: yes })).json<TAdminDepositNotice>().status).toBe('success');
    expectError(await checkerB.call(ADMIN_ROUTES.depositNotices.confirm, { id: yes }), 409, 'ALREADY_DECIDED');
    const rejected = await makerA.call(ADMIN_ROUTES.depositNotices.reject, { id: no }, { reason: 'not on the bank statement' });
    expect(rejected.json<TAdminDepositNotice>().status).toBe('failed');
    expect(await walletBalance(t, m.id)).toBe(25_000n);
    expect((await auditOf('depositNotice.confirm'))?.ledger_entry_id).toBeTruthy();
  });

  it('the dashboard answers 7 site days and the queues', async () => {
    const res = await makerA.call(ADMIN_ROUTES.dashboard.summary);
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json<TDashboard>();
    expect(board.days).toHaveLength(7);
    expect(board.queues.payoutFindings).toBeGreaterThanOrEqual(0);
  });

  it('each money-desk route refuses without a session, with a member token, and without its permission', async () => {
    const member = await walletMember(t);
    const clients = new Map(await Promise.all(ROLES.map(async (role) => [role, await loginOperator(t, [role])] as const)));
    let checked = 0;
    for (const route of deskRoutes()) {
      const url = apiPath(route.path, { id: randomUUID() });
      const anonymous = await t.app.inject({ method: route.method, url, payload: route.method === 'GET' ? undefined : {} });
      expect(anonymous.statusCode, `${route.method} ${route.path}`).toBe(401);
      const asMember = await t.app.inject({
        method: route.method,
        url,
        headers: { authorization: `Bearer ${member.token}` },
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(asMember.statusCode, `${route.method} ${route.path} with a member token`).toBe(401);
      if (route.access === 'public' || route.access === 'self') continue;
      for (const role of ROLES) {
        if (hasPermission([role], route.access)) continue;
        const client = clients.get(role);
        if (!client) continue;
        expectError(await client.call(route, { id: randomUUID() }, route.method === 'GET' ? undefined : {}), 403, 'FORBIDDEN');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('the dashboard counts today in site days: deposits, withdrawals, new members, first deposits, queues', async () => {
    // Ledger entries carry the database's time: the test clock joins it for this one.
    t.clock.moveTo(new Date());
    try {
      const viewer = await loginOperator(t, ['viewer']);
      const board = async () => {
        const res = await viewer.call(ADMIN_ROUTES.dashboard.summary);
        expect(res.statusCode, res.body).toBe(200);
        return res.json<TDashboard>();
      };
      const before = await board();
      const m = await walletMember(t, 1_000_000n);
      await requestWithdrawal(m, 6_000);
      const after = await board();
      const [today, was] = [after.days[0], before.days[0]];
      expect(today?.day).toBe(new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10));
      expect((today?.deposits.THB.count ?? 0) - (was?.deposits.THB.count ?? 0)).toBe(1);
      expect(toMinor(today?.deposits.THB.amount ?? 0) - toMinor(was?.deposits.THB.amount ?? 0)).toBe(1_000_000n);
      expect(toMinor(today?.withdrawals.THB.amount ?? 0) - toMinor(was?.withdrawals.THB.amount ?? 0)).toBe(600_000n);
      expect((today?.newMembers ?? 0) - (was?.newMembers ?? 0)).toBe(1);
      expect((today?.firstDeposits ?? 0) - (was?.firstDeposits ?? 0)).toBe(1);
      expect(after.queues.withdrawalsReview - before.queues.withdrawalsReview).toBe(1);
      expect(after.week.newMembers).toBeGreaterThanOrEqual(today?.newMembers ?? 0);
    } finally {
      t.clock.moveTo(undefined);
    }
  });

  it('a change of the four-eyes amounts on the settings screen applies to the next approval', async () => {
    const { money } = (await owner.call(ADMIN_ROUTES.settings.get)).json<TSettings>();
    const put = (withdrawalAbove: number) =>
      owner.call(
        ADMIN_ROUTES.settings.update,
        { section: 'money' },
        { ...money, THB: { ...money.THB, fourEyesWithdrawalAbove: withdrawalAbove } },
      );
    expect((await put(50_000)).statusCode).toBe(200);
    t.clock.advance(6_000);
    try {
      const m = await walletMember(t, 6_000_000n);
      const id = await requestWithdrawal(m, 30_000);
      expect(decision(await makerA.call(ADMIN_ROUTES.withdrawals.approve, { id }))).toMatchObject({
        outcome: 'approved',
        withdrawal: { fourEyes: false },
      });
    } finally {
      expect((await put(20_000)).statusCode).toBe(200);
      t.clock.advance(6_000);
    }
  });
});
