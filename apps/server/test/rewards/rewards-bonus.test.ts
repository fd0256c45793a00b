import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, ROUTES } from '@jetton/contract/routes';
import type { TBonus, TPromotion } from '@jetton/contract/rewards';
import type { TStatementResponse } from '@jetton/contract/wallet';
import { call, expectError } from '../support/accounts-support.ts';
import { testEngines } from '../support/engines.ts';
import {
  activateBonus,
  activeBonus,
  bonusRow,
  defineBonus,
  get,
  ok,
  play,
  providerRound,
  type TUserBonus,
} from '../support/rewards-support.ts';
import { setMoneyRules } from '../support/money-rules-support.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { activated, expectHealthy, fund, transfer, walletBalance, walletMember } from '../support/wallet-support.ts';
import { withdraw } from '../support/withdraw-support.ts';

const HOUR = 3_600_000;

describe.each(testEngines())('bonuses and promotion codes (%s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, {});
  });
  afterEach(() => expectHealthy(t));
  afterAll(() => t.close());

  it('lists the seeded bonuses, grants one with the credit min(base x percent, maxBonus), and shows it on the statement', async () => {
    const m = await walletMember(t, 50_000n);
    const list = ok<TBonus[]>(await get(t, m.token, ROUTES.bonus.list));
    expect(list.map((b) => b.code)).toEqual(expect.arrayContaining(['WELCOME100', 'DAILY10', 'WEEKLY20']));
    expect(list.find((b) => b.code === 'WELCOME100')?.userBonus).toBeNull();
    expect(ok<{ minimum: number }>(await get(t, m.token, ROUTES.bonus.checkMinimum)).minimum).toBe(100);

    const bonus = ok<TUserBonus>(await activateBonus(t, m.token, 'welcome100'));
    expect(bonus).toMatchObject({ isActive: true, origin: 'bonus', code: 'WELCOME100', credit: 500, turnover: { done: 0, target: 5_000 } });
    expect(await walletBalance(t, m.id)).toBe(100_000n);
    expect(await activeBonus(t, m.token)).toMatchObject({
      status: true,
      type: 'bonus',
      bonusType: 'limit',
      code: 'WELCOME100',
      turnover: { done: 0, target: 5_000 },
    });

    const after = ok<TBonus[]>(await get(t, m.token, ROUTES.bonus.list)).find((b) => b.code === 'WELCOME100');
    expect(after?.userBonus).toMatchObject({ _id: bonus._id, isActive: true, received: [{ updatedAt: expect.any(String) as string }] });

    const statement = ok<TStatementResponse>(await call(t, 'POST', ROUTES.statement.list, { page: 1, limit: 10 }, { token: m.token }));
    expect(statement.statements[0]).toMatchObject({
      statementType: 'bonus',
      amount: 500,
      channel: { kind: 'reward', reward: 'bonus', code: 'WELCOME100' },
    });
    const expense = await t.database.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('code', '=', 'expense:bonus')
      .executeTakeFirstOrThrow();
    expect(expense.balance).toBeLessThanOrEqual(-50_000n);
  });

  it('refuses a second bonus while one is active, a wallet under minDeposit and an unknown code; a double activation grants once', async () => {
    const poor = await walletMember(t, 9_999n);
    expectError(await activateBonus(t, poor.token, 'WELCOME100'), 422, 'BONUS_CONDITION');
    expectError(await activateBonus(t, poor.token, 'NOPE'), 404, 'NO_DATA');

    const m = await walletMember(t, 100_000n);
    const [a, b] = await Promise.all([activateBonus(t, m.token, 'DAILY10'), activateBonus(t, m.token, 'DAILY10')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await walletBalance(t, m.id)).toBe(110_000n);
    expectError(await activateBonus(t, m.token, 'WELCOME100'), 409, 'BONUS_ALREADY_ACTIVE');
    const rows = await t.database.db.selectFrom('member_bonuses').select('id').where('member_id', '=', m.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('cancel keeps percentFail of the credit and takes back the rest, capped at the wallet', async () => {
    const m = await walletMember(t, 100_000n);
    ok(await activateBonus(t, m.token, 'DAILY10')); // credit 100.00, percentFail 20
    expect(ok<{ message: string }>(await get(t, m.token, ROUTES.bonus.clear))).toEqual({ message: 'BONUS_CLEAR' });
    expect(await walletBalance(t, m.id)).toBe(102_000n);
    expect((await activeBonus(t, m.token)).status).toBe(false);
    expectError(await get(t, m.token, ROUTES.bonus.clear), 404, 'NO_DATA');

    const statement = ok<TStatementResponse>(await call(t, 'POST', ROUTES.statement.list, { page: 1, limit: 10 }, { token: m.token }));
    expect(statement.statements[0]).toMatchObject({
      statementType: 'finish_bonus',
      amount: -80,
      channel: { kind: 'reward', reward: 'bonus', code: 'DAILY10' },
    });

    const capped = await walletMember(t, 100_000n);
    ok(await activateBonus(t, capped.token, 'WEEKLY20')); // credit 200.00, percentFail 10: owes 180.00
    await activated(t, capped, 'pg');
    expect((await transfer(t, capped.token, { from: 'WALLET', to: 'pg', amount: 1_150 })).statusCode).toBe(200);
    ok(await get(t, capped.token, ROUTES.bonus.clear));
    expect(await walletBalance(t, capped.id)).toBe(0n);
  });

  it('a cancel below the clear threshold simply ends the bonus', async () => {
    await setMoneyRules(t, { THB: { bonusClearBelow: 1_000_000 } });
    const m = await walletMember(t, 100_000n);
    ok(await activateBonus(t, m.token, 'DAILY10'));
    ok(await get(t, m.token, ROUTES.bonus.clear));
    expect(await walletBalance(t, m.id)).toBe(110_000n);
    await setMoneyRules(t, {});
  });

  it('counts receipts per Bangkok day and per Monday-Sunday week', async () => {
    // Sunday 2026-11-22, 23:50 in Bangkok.
    t.clock.moveTo(new Date('2026-11-22T16:50:00Z'));
    try {
      const m = await walletMember(t, 1_000_000n);
      for (let i = 0; i < 2; i++) {
        ok(await activateBonus(t, m.token, 'WEEKLY20'));
        ok(await get(t, m.token, ROUTES.bonus.clear));
      }
      expectError(await activateBonus(t, m.token, 'WEEKLY20'), 422, 'BONUS_MAX_CLAIMED');
      ok(await activateBonus(t, m.token, 'DAILY10'));
      ok(await get(t, m.token, ROUTES.bonus.clear));
      expectError(await activateBonus(t, m.token, 'DAILY10'), 422, 'BONUS_MAX_CLAIMED');
      const card = ok<TBonus[]>(await get(t, m.token, ROUTES.bonus.list)).find((b) => b.code === 'WEEKLY20');
      expect(card?.userBonus?.received).toHaveLength(2);

      // Monday 00:00 in Bangkok: a new day and a new week.
      t.clock.moveTo(new Date('2026-11-22T17:00:00Z'));
      ok(await activateBonus(t, m.token, 'WEEKLY20'));
      ok(await get(t, m.token, ROUTES.bonus.clear));
      ok(await activateBonus(t, m.token, 'DAILY10'));
      ok(await get(t, m.token, ROUTES.bonus.clear));
    } finally {
      t.clock.moveTo(undefined);
    }
  });

  it('a bonus past its expiry ends as a cancel would, and keeps the terms it was granted with', async () => {
    const m = await walletMember(t, 100_000n);
    const granted = ok<TUserBonus>(await activateBonus(t, m.token, 'DAILY10'));
    // The operator edits the definition: the granted bonus keeps 20 %.
    const def = await t.database.db.selectFrom('bonus_definitions').selectAll().where('code', '=', 'DAILY10').executeTakeFirstOrThrow();
    await t.database.db.updateTable('bonus_definitions').set({ percent_fail: 90 }).where('id', '=', def.id).execute();
    try {
      t.clock.advance(25 * HOUR);
      expect((await activeBonus(t, m.token)).status).toBe(false);
      const row = await bonusRow(t, granted._id);
      expect(row).toMatchObject({ status: 'expired', end_reason: 'expired', taken_back: 8_000n });
      expect(await walletBalance(t, m.id)).toBe(102_000n);
      // One way: an ended bonus never comes back.
      await expect(
        t.database.db.updateTable('member_bonuses').set({ status: 'active' }).where('id', '=', granted._id).execute(),
      ).rejects.toThrow();
    } finally {
      await t.database.db.updateTable('bonus_definitions').set({ percent_fail: def.percent_fail }).where('id', '=', def.id).execute();
    }
  });

  it('a round the provider publishes after a newer one still counts, once', async () => {
    await defineBonus(t, { code: 'LATE1', percent: 10, turnover: 1, categoryWeights: { slot: 100, sport: 100, lotto: 100 } });
    const m = await walletMember(t, 100_000n);
    ok(await activateBonus(t, m.token, 'LATE1')); // credit 100.00, target 1,100.00
    await play(t, m, 'pg', 50_000n, [10_000n]);
    const { username } = await t.database.db
      .selectFrom('game_accounts')
      .select('username')
      .where('member_id', '=', m.id)
      .where('game_code', '=', 'pg')
      .executeTakeFirstOrThrow();
    const first = t.clock.now();
    t.clock.advance(60_000);
    await providerRound(t, 'pg', username, 20_000n, 0n);
    await t.app.services.rewardsJob.pullRounds();
    expect((await activeBonus(t, m.token)).turnover).toEqual({ done: 300, target: 1_100 });
    // Played between the two, published only now: behind the cursor, inside the overlap.
    await providerRound(t, 'pg', username, 5_000n, 0n, new Date(first.getTime() + 30_000));
    await t.app.services.rewardsJob.pullRounds();
    await t.app.services.rewardsJob.pullRounds();
    expect((await activeBonus(t, m.token)).turnover).toEqual({ done: 350, target: 1_100 });
    expect(await t.database.db.selectFrom('reward_rounds').select('round_id').where('member_id', '=', m.id).execute()).toHaveLength(3);
  });

  it('turnover comes from rounds really played, weighted per category; a replayed round counts once; withdrawal follows it', async () => {
    await defineBonus(t, { code: 'TURN1', percent: 10, turnover: 1, categoryWeights: { slot: 100, sport: 50, lotto: 0 } });
    const m = await walletMember(t, 100_000n);
    ok(await activateBonus(t, m.token, 'TURN1')); // credit 100.00, target 1,100.00
    expectError(await withdraw(t, m.token, { amount: 100 }), 422, 'BONUS_REMAINING');

    await play(t, m, 'usun', 50_000n, [40_000n], { pick: 'home' }); // sport: 400.00 counts 200.00
    await t.app.services.rewardsJob.pullRounds();
    await t.app.services.rewardsJob.pullRounds();
    expect((await activeBonus(t, m.token)).turnover).toEqual({ done: 200, target: 1_100 });

    await fund(t, m.id, 100_000n);
    await play(t, m, 'pg', 100_000n, [90_000n]); // slot: 900.00 counts fully
    await t.app.services.rewardsJob.runOnce();
    await t.app.services.rewardsJob.runOnce();
    const progress = await activeBonus(t, m.token);
    expect(progress.turnover).toEqual({ done: 1_100, target: 1_100 });
    const rounds = await t.database.db.selectFrom('reward_rounds').select(['bonus_id']).where('member_id', '=', m.id).execute();
    expect(rounds).toHaveLength(2);

    // Met: only the whole wallet may go, and the bonus ends with it.
    const wallet = await walletBalance(t, m.id);
    if (wallet >= 10_000n) {
      if (wallet > 10_000n) expectError(await withdraw(t, m.token, { amount: 100 }), 422, 'BONUS_REMAINING');
      expect((await withdraw(t, m.token, { amount: Number(wallet) / 100 }, { all: true })).statusCode).toBe(200);
      expect((await activeBonus(t, m.token)).status).toBe(false);
    }
  });

  it('promotion codes: upper-cased, once per member, unknown, expired and capped are NO_PROMOTION', async () => {
    const m = await walletMember(t, 100_000n);
    const found = ok<TPromotion>(await get(t, m.token, apiPath(ROUTES.promotion.find, { code: 'songkran50' })));
    expect(found).toMatchObject({ code: 'SONGKRAN50', percentFail: 30 });
    expectError(await get(t, m.token, apiPath(ROUTES.promotion.find, { code: 'NOSUCH' })), 404, 'NO_PROMOTION');

    const bonus = ok<TUserBonus>(await get(t, m.token, apiPath(ROUTES.promotion.activate, { code: 'songkran50' })));
    expect(bonus).toMatchObject({ origin: 'promotion', credit: 500, turnover: { target: 4_500 } });
    expect(ok<{ promotion: TPromotion | null }>(await get(t, m.token, ROUTES.promotion.current)).promotion?.code).toBe('SONGKRAN50');
    const expense = await t.database.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('code', '=', 'expense:promotion')
      .executeTakeFirstOrThrow();
    expect(expense.balance).toBeLessThan(0n);
    ok(await get(t, m.token, ROUTES.bonus.clear));
    expectError(await get(t, m.token, apiPath(ROUTES.promotion.activate, { code: 'SONGKRAN50' })), 409, 'PROMOTION_RECEIVED');

    await defineBonus(t, { code: 'ONEUSE', origin: 'promotion', maxUses: 1 });
    await defineBonus(t, { code: 'PAST', origin: 'promotion', validTo: new Date(t.clock.now().getTime() - 1000) });
    const first = await walletMember(t, 100_000n);
    const second = await walletMember(t, 100_000n);
    ok(await get(t, first.token, apiPath(ROUTES.promotion.activate, { code: 'ONEUSE' })));
    expectError(await get(t, second.token, apiPath(ROUTES.promotion.activate, { code: 'ONEUSE' })), 404, 'NO_PROMOTION');
    expectError(await get(t, second.token, apiPath(ROUTES.promotion.find, { code: 'PAST' })), 404, 'NO_PROMOTION');
  });

  it('answers invalid-token without a session', async () => {
    expectError(await call(t, 'GET', ROUTES.bonus.list), 401, 'invalid-token');
    expectError(await call(t, 'GET', ROUTES.refund.check), 401, 'invalid-token');
  });
});
