import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TIncomingLine } from '@jetton/contract/admin/auto-deposit';
import type { TDashboard } from '@jetton/contract/admin/dashboard';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { createMember, expectError } from '../support/accounts-support.ts';
import { loginOperator, type AdminClient } from '../support/admin-support.ts';
import { creditsFor, statementLine } from '../support/auto-deposit-support.ts';
import { expectLedgerHealthy, walletBalance } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { setMoneyRules } from '../support/money-rules-support.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describe.each(testEngines())('unmatched deposits queue on the money desk (%s database)', (engine) => {
  let t: TestApp;
  let maker: AdminClient;
  let checker: AdminClient;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await t.app.services.slipVerifier.stop();
    maker = await loginOperator(t, ['finance']);
    checker = await loginOperator(t, ['finance']);
  });
  afterEach(() => expectLedgerHealthy(t));
  afterAll(() => t.close());

  const R = ADMIN_ROUTES.incomingDeposits;
  const queued = async () => (await maker.call(R.list)).json<{ lines: TIncomingLine[] }>().lines;
  const auditActions = async (memberId: string) =>
    (await t.database.db.selectFrom('audit_log').select('action').where('member_id', '=', memberId).execute()).map((r) => r.action);

  it('shows an ambiguous line with its candidates; assigning it credits exactly one member, once', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const line = statementLine({ senderDigits: `${a.bankAccountNo.slice(0, 6)}xxxx`, amount: 60_000n });
    const { line: stored } = await t.app.services.autoDeposit.pipeline.ingest(line);
    const listed = (await queued()).find((l) => l.id === stored.id);
    expect(listed).toMatchObject({ status: 'unmatched', reason: 'AMBIGUOUS', amount: 600 });
    expect(listed?.candidates.map((c) => c.id)).toEqual(expect.arrayContaining([a.id, b.id]));

    const answers = await Promise.all([
      maker.call(R.assign, { id: stored.id }, { memberId: b.id }),
      maker.call(R.assign, { id: stored.id }, { memberId: b.id }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await walletBalance(t, b.id)).toBe(60_000n);
    expect(await walletBalance(t, a.id)).toBe(0n);
    expect(await creditsFor(t, line.bankRef ?? '')).toBe(1);
    expect(await auditActions(b.id)).toContain('incomingDeposit.assign');
    expect((await queued()).map((l) => l.id)).not.toContain(stored.id);
    expectError(await maker.call(R.return, { id: stored.id }, { reason: 'late' }), 409, 'ALREADY_DECIDED');
  });

  it('above the four-eyes amount an assignment waits for a second operator, who posts it', async () => {
    const m = await createMember(t);
    const { line } = await t.app.services.autoDeposit.pipeline.ingest(
      statementLine({ senderDigits: 'xxxxxx0000', senderBank: 'GSB', amount: 250_000n }),
    );
    expect(line.reason).toBe('NO_MEMBER');
    const proposed = await maker.call(R.assign, { id: line.id }, { memberId: m.id, reason: 'member called, transfer from a friend' });
    expect(proposed.json()).toMatchObject({ status: 'proposed', fourEyesReason: 'AMOUNT', proposedBy: maker.operatorId });
    expect(await walletBalance(t, m.id)).toBe(0n);
    expectError(await maker.call(R.assign, { id: line.id }, { memberId: m.id }), 403, 'FOUR_EYES_SAME_OPERATOR');
    const other = await createMember(t);
    expectError(await checker.call(R.assign, { id: line.id }, { memberId: other.id }), 400, 'KEY_INVALID');
    const posted = await checker.call(R.assign, { id: line.id }, { memberId: m.id });
    expect(posted.json()).toMatchObject({ status: 'credited', memberId: m.id });
    expect(await walletBalance(t, m.id)).toBe(250_000n);
    expect(await auditActions(m.id)).toEqual(expect.arrayContaining(['incomingDeposit.propose', 'incomingDeposit.assign']));
  });

  it('reads the four-eyes amount of the line’s currency from rules.money, as the rest of the money desk', async () => {
    await setMoneyRules(t, { THB: { fourEyesAdjustmentAbove: 3_000 }, LAK: { fourEyesAdjustmentAbove: 10 } });
    try {
      const m = await createMember(t);
      const { line } = await t.app.services.autoDeposit.pipeline.ingest(
        statementLine({ senderDigits: 'xxxxxx0002', senderBank: 'GSB', amount: 250_000n }),
      );
      const posted = await maker.call(R.assign, { id: line.id }, { memberId: m.id });
      expect(posted.json()).toMatchObject({ status: 'credited', memberId: m.id, fourEyesReason: null });
      expect(await walletBalance(t, m.id)).toBe(250_000n);
    } finally {
      await setMoneyRules(t, {});
    }
  });

  it('marks a line to be returned: nothing is credited, audited; an unparsed SMS needs the amount read by the operator', async () => {
    const { line } = await t.app.services.autoDeposit.pipeline.ingest(statementLine({ senderDigits: 'xxxxxx0001', senderBank: 'GSB' }));
    const returned = await maker.call(R.return, { id: line.id }, { reason: 'not a member: return to sender' });
    expect(returned.json()).toMatchObject({ status: 'returned' });
    expectError(await checker.call(R.assign, { id: line.id }, { memberId: (await createMember(t)).id }), 409, 'ALREADY_DECIDED');
    const rows = await t.database.db.selectFrom('audit_log').select('action').where('action', '=', 'incomingDeposit.return').execute();
    expect(rows.length).toBeGreaterThan(0);

    const m = await createMember(t);
    const { line: unread } = await t.app.services.autoDeposit.pipeline.ingest({
      ...statementLine(),
      source: 'SMS',
      bankRef: null,
      amount: null,
      raw: 'เงินเข้า ???',
    });
    expectError(await maker.call(R.assign, { id: unread.id }, { memberId: m.id }), 400, 'KEY_MISSING');
    expect((await maker.call(R.assign, { id: unread.id }, { memberId: m.id, amount: 123.45 })).json()).toMatchObject({
      status: 'credited',
      amount: 123.45,
    });
    expect(await walletBalance(t, m.id)).toBe(12_345n);
  });

  it('refuses what a role may not do and what does not exist', async () => {
    const support = await loginOperator(t, ['support']);
    expectError(
      await support.call(R.assign, { id: '01900000-0000-7000-8000-000000000000' }, { memberId: '01900000-0000-7000-8000-000000000000' }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await maker.call(R.assign, { id: '01900000-0000-7000-8000-000000000000' }, { memberId: '01900000-0000-7000-8000-000000000000' }),
      404,
      'NO_DATA',
    );
  });
  it('the dashboard counts the lines waiting, the oldest one and the unreadable SMS, as the queue shows them', async () => {
    await t.app.services.autoDeposit.pipeline.ingest(statementLine({ senderDigits: 'xxxxxx0001', senderBank: 'GSB', amount: 12_300n }));
    const dashboard = (await maker.call(ADMIN_ROUTES.dashboard.summary)).json<TDashboard>();
    const waiting = await queued();
    expect(dashboard.autoDeposit.waiting).toBe(waiting.length);
    expect(dashboard.autoDeposit.waiting).toBeGreaterThan(0);
    expect(dashboard.autoDeposit.oldestWaitingAt).not.toBeNull();
    expect(dashboard.autoDeposit.unparsed).toBe(waiting.filter((l) => l.status === 'unparsed').length);
  });
});
