import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@jetton/contract/routes';
import { truelinkKeyFromSecret } from '@jetton/contract/truelink-crypto';
import { ZStatementResponse } from '@jetton/contract/wallet';
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
});
