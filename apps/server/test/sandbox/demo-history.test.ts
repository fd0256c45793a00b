import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@jetton/contract/routes';
import { truelinkKeyFromSecret } from '@jetton/contract/truelink-crypto';
import { ZStatementResponse } from '@jetton/contract/wallet';
import { siteDay } from '@jetton/contract/site-time';
import { checkInvariants } from '../../src/ledger/check-invariants.ts';
import { seedDemoHistory } from '../../src/sandbox/demo-history.ts';
import { DEMO_MEMBER } from '../../src/sandbox/demo-member.ts';
import { call, login } from '../support/accounts-support.ts';
import { walletBalance } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, testConfig, type TestApp } from '../support/test-app.ts';

describe.each(testEngines())('the demo member history (%s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const seed = async () =>
    seedDemoHistory({
      app: t.app,
      db: t.database.db,
      clock: t.clock,
      truelinkKey: await truelinkKeyFromSecret(testConfig().secrets.truelinkSecret),
    });
  const entryCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('journal_entries')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('is seeded once through the services and simulators: deposits, games, a paid withdrawal, invariants hold', async () => {
    const startedAt = t.clock.now();
    expect(await seed()).toBe('seeded');
    expect(t.clock.now()).toEqual(startedAt);
    const entries = await entryCount();
    // A second start finds the history and adds nothing.
    expect(await seed()).toBe('already');
    expect(await entryCount()).toBe(entries);
    expect(await checkInvariants(t.database.db)).toEqual([]);

    const member = await t.database.db
      .selectFrom('members')
      .select('id')
      .where('phone', '=', DEMO_MEMBER.username)
      .executeTakeFirstOrThrow();
    expect(await walletBalance(t, member.id)).toBeGreaterThan(100_000n);
    const token = await login(t, DEMO_MEMBER.username, DEMO_MEMBER.password);
    const statement = ZStatementResponse.parse((await call(t, 'POST', ROUTES.statement.list, { page: 1, limit: 50 }, { token })).json());
    const types = new Set(statement.statements.map((line) => line.statementType));
    expect([...types].sort()).toEqual(['deposit', 'transfer', 'withdraw']);
    expect(statement.statements.filter((line) => line.statementType === 'deposit')).toHaveLength(3);
    expect(statement.statements.find((line) => line.statementType === 'withdraw')?.status).toBe('SUCCESS');
    // Transfers and the withdrawal carry the day they were made: spread over the last two weeks.
    const days = statement.statements.filter((line) => line.statementType !== 'deposit').map((line) => Date.parse(line.createdAt));
    expect(Math.max(...days) - Math.min(...days)).toBeGreaterThan(4 * 86_400_000);
    expect(Math.min(...days)).toBeGreaterThan(startedAt.getTime() - 14 * 86_400_000);

    const slips = (await call(t, 'POST', ROUTES.statement.slip, { page: 1, limit: 10 }, { token })).json<{ slips: { status: string }[] }>();
    expect(slips.slips.map((slip) => slip.status)).toEqual(['success']);
    const cards = (await call(t, 'GET', ROUTES.wallet.refreshSlot, undefined, { token })).json<{
      slots: { code: string; amount: number; active?: boolean }[];
    }>();
    const played = cards.slots
      .filter((slot) => slot.amount > 0)
      .map((slot) => slot.code)
      .sort();
    expect(played).toEqual(['circus', 'usun']);
  });

  it('tells one story: the statement, the slip history and the reports agree on every date', async () => {
    const db = t.database.db;
    const member = await db
      .selectFrom('members')
      .select(['id', 'created_at'])
      .where('phone', '=', DEMO_MEMBER.username)
      .executeTakeFirstOrThrow();
    const token = await login(t, DEMO_MEMBER.username, DEMO_MEMBER.password);
    const lines = ZStatementResponse.parse(
      (await call(t, 'POST', ROUTES.statement.list, { page: 1, limit: 50 }, { token })).json(),
    ).statements;
    const times = lines.map((line) => Date.parse(line.createdAt));
    // Newest first, in date order, and none before the member registered.
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Math.min(...times)).toBeGreaterThan(member.created_at.getTime());
    const day = (at: string | Date) => siteDay(typeof at === 'string' ? Date.parse(at) : at);
    const daysAgo = (n: number) => siteDay(t.clock.now().getTime() - n * 86_400_000);
    const deposits = lines.filter((line) => line.statementType === 'deposit');
    expect(deposits.map((line) => day(line.createdAt))).toEqual([daysAgo(8), daysAgo(10), daysAgo(13)]);
    expect(day(member.created_at)).toBe(daysAgo(13));

    // The slip's day is the day its deposit reached the wallet.
    const slips = (await call(t, 'POST', ROUTES.statement.slip, { page: 1, limit: 10 }, { token })).json<{
      slips: { createdAt: string }[];
    }>();
    expect(slips.slips.map((slip) => day(slip.createdAt))).toEqual([daysAgo(13)]);
    expect(deposits.find((line) => line.amount === 2_500)?.createdAt.slice(0, 10)).toBe(slips.slips[0]?.createdAt.slice(0, 10));

    // The reports count each deposit, the paid withdrawal and the member on the same days.
    await t.app.services.reportJob.runOnce();
    const range = { from: daysAgo(14), to: daysAgo(0) };
    const reported = (await t.app.services.reports.deposits(range))
      .filter((r) => r.currency === 'THB')
      .map((r) => ({ day: r.day, amount: Number(r.amount) }));
    const byDay = (rows: { day: string; amount: number }[]) =>
      [...rows.reduce((m, r) => m.set(r.day, (m.get(r.day) ?? 0) + r.amount), new Map<string, number>())].sort();
    expect(byDay(reported)).toEqual(byDay(deposits.map((line) => ({ day: day(line.createdAt), amount: line.amount }))));
    const withdrawLine = lines.find((line) => line.statementType === 'withdraw');
    const paid = (await t.app.services.reports.withdrawals(range)).filter((r) => r.paidCount > 0).map((r) => r.day);
    expect(paid).toEqual([day(withdrawLine?.createdAt ?? '')]);
    const people = await t.app.services.reports.members(range);
    expect(people.filter((r) => r.registrations > 0).map((r) => r.day)).toEqual([daysAgo(13)]);
    expect(people.filter((r) => r.firstDeposits > 0).map((r) => r.day)).toEqual([daysAgo(13)]);
    for (const r of people.filter((row) => row.activePlayers > 0)) expect(r.day >= daysAgo(13)).toBe(true);
  });
});
