import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@jetton/contract/routes';
import type { TBanner, TInviteList, TRefundCheck, TRefundList } from '@jetton/contract/rewards';
import type { TStatementResponse, TWalletResponse } from '@jetton/contract/wallet';
import { call, createMember, expectError, login, PASSWORD } from '../support/accounts-support.ts';
import { testEngines } from '../support/engines.ts';
import { activateBonus, activeBonus, get, ok, providerRound } from '../support/rewards-support.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { activated, expectHealthy, fund, transfer, walletBalance, walletMember, type WalletMember } from '../support/wallet-support.ts';

const DAY = 86_400_000;

describe.each(testEngines())('invite bonus and refund of losses (%s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, {});
  });
  afterEach(() => expectHealthy(t));
  afterAll(() => t.close());

  // The same account number at another bank is still the inviter's own money (phones are unique already).
  /** A member whose game account at pg holds `stake`, ready for rounds at the provider. */
  async function atGame(m: WalletMember, stake: bigint): Promise<string> {
    const account = await activated(t, m, 'pg');
    expect((await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: Number(stake) / 100 })).statusCode).toBe(200);
    return account.username ?? '';
  }

  async function invitee(inviterId: string, funds: bigint, sameBankAs?: string): Promise<WalletMember> {
    const m = await walletMember(t, funds);
    await t.database.db
      .updateTable('members')
      .set({ invited_by: inviterId, ...(sameBankAs ? { bank_account_no: sameBankAs, bank_code: 'BBL' } : {}) })
      .where('id', '=', m.id)
      .execute();
    return m;
  }

  it('accrues 1 % of an invitee turnover the next day, once even with two passes at once; self-invites earn nothing', async () => {
    const inviter = await walletMember(t, 0n);
    const friend = await invitee(inviter.id, 200_000n);
    const self = await invitee(inviter.id, 200_000n, inviter.bankAccountNo);
    const friendName = await t.database.db.selectFrom('members').select('name').where('id', '=', friend.id).executeTakeFirstOrThrow();
    for (const m of [friend, self]) {
      const username = await atGame(m, 100_000n);
      await providerRound(t, 'pg', username, 40_000n, 10_000n);
      await providerRound(t, 'pg', username, 60_000n, 0n);
    }
    await t.app.services.rewardsJob.pullRounds();
    expectError(await get(t, inviter.token, ROUTES.invite.bonus), 422, 'NO_INVITE_BONUS');

    t.clock.advance(DAY);
    await Promise.all([t.app.services.rewardsJob.accrue(), t.app.services.rewardsJob.accrue()]);
    await t.app.services.rewardsJob.runOnce();

    const wallet = ok<TWalletResponse>(await get(t, inviter.token, ROUTES.wallet.summary));
    expect(wallet.invite).toMatchObject({ amount: 10 });
    const list = ok<TInviteList>(await call(t, 'POST', ROUTES.invite.list, { page: 1, limit: 10 }, { token: inviter.token }));
    expect(list).toMatchObject({ total: 1, invites: [{ from: { name: friendName.name }, amount: 10 }] });

    expect(ok<{ message: string }>(await get(t, inviter.token, ROUTES.invite.bonus))).toEqual({ message: 'INVITE_BONUS_SUCCESS' });
    expect(await walletBalance(t, inviter.id)).toBe(1_000n);
    expectError(await get(t, inviter.token, ROUTES.invite.bonus), 422, 'NO_INVITE_BONUS');
    const statement = ok<TStatementResponse>(await call(t, 'POST', ROUTES.statement.list, { page: 1, limit: 5 }, { token: inviter.token }));
    expect(statement.statements[0]).toMatchObject({ statementType: 'bonus', amount: 10, channel: { kind: 'reward', reward: 'invite' } });
    const banners = ok<TBanner[]>(await get(t, inviter.token, ROUTES.invite.banners));
    expect(banners[0]?.image).toMatch(/^\/assets\/banners\//);
  });

  it('accrues 5 % of a losing day, receives it as a refund bonus, and turns it back into wallet money', async () => {
    const m = await walletMember(t, 200_000n);
    const username = await atGame(m, 150_000n);
    await providerRound(t, 'pg', username, 100_000n, 20_000n); // lost 800.00
    await t.app.services.rewardsJob.pullRounds();
    expectError(await get(t, m.token, ROUTES.refund.receive), 422, 'REFUND_MINIMUM');

    t.clock.advance(DAY);
    await t.app.services.rewardsJob.runOnce();
    const check = ok<TRefundCheck>(await get(t, m.token, ROUTES.refund.check));
    expect(check).toMatchObject({ result: true, bonus: false, refundAmount: 40, refundSuccess: 100, refundFail: 50, refundActive: false });
    expect(check.info).toHaveLength(2);
    expect(ok<TRefundList>(await call(t, 'POST', ROUTES.refund.list, { page: 1, limit: 10 }, { token: m.token }))).toMatchObject({
      total: 1,
      refunds: [{ refundAmount: 40 }],
    });

    // A bonus in the way: REFUND_CONDITION.
    await fund(t, m.id, 100_000n);
    expect((await activateBonus(t, m.token, 'DAILY10')).statusCode).toBe(200);
    expectError(await get(t, m.token, ROUTES.refund.receive), 422, 'REFUND_CONDITION');
    expect(ok<TRefundCheck>(await get(t, m.token, ROUTES.refund.check))).toMatchObject({ result: false, bonus: true });
    ok(await get(t, m.token, ROUTES.bonus.clear));

    const before = await walletBalance(t, m.id);
    expect(ok<{ message: string }>(await get(t, m.token, ROUTES.refund.receive))).toEqual({ message: 'REFUND_SUCCESS' });
    expect(await walletBalance(t, m.id)).toBe(before + 4_000n);
    expect(await activeBonus(t, m.token)).toMatchObject({ status: true, type: 'refund', turnover: { done: 0, target: 40 } });
    expectError(await get(t, m.token, ROUTES.refund.receive), 422, 'REFUND_CONDITION');

    // Turnover not met: addWallet keeps refundFail (50 %).
    expect(ok<{ message: string }>(await get(t, m.token, ROUTES.refund.addWallet))).toEqual({ message: 'REFUND_SUCCESS' });
    expect(await walletBalance(t, m.id)).toBe(before + 2_000n);
    expectError(await get(t, m.token, ROUTES.refund.addWallet), 404, 'NO_REFUND');
    expectError(await get(t, m.token, ROUTES.refund.receive), 422, 'REFUND_MINIMUM');
  });

  it('a refund whose turnover is met goes to the wallet whole', async () => {
    const member = await createMember(t);
    await fund(t, member.id, 200_000n);
    const m = { ...member, token: await login(t, member.phone, PASSWORD) };
    const username = await atGame(m, 150_000n);
    await providerRound(t, 'pg', username, 100_000n, 0n); // lost 1,000.00: refund 50.00
    await t.app.services.rewardsJob.pullRounds();
    t.clock.advance(DAY);
    await t.app.services.rewardsJob.runOnce();
    ok(await get(t, m.token, ROUTES.refund.receive));
    t.clock.advance(60_000);
    await providerRound(t, 'pg', username, 5_000n, 5_000n); // 50.00 of turnover
    await t.app.services.rewardsJob.pullRounds();
    expect((await activeBonus(t, m.token)).turnover).toEqual({ done: 50, target: 50 });
    const before = await walletBalance(t, m.id);
    ok(await get(t, m.token, ROUTES.refund.addWallet));
    expect(await walletBalance(t, m.id)).toBe(before);
  });

  // Last: it ends the clock's current day, which the tests above have not played in yet.
  it('the sandbox ends today now (POST /sandbox/rewards/accrue): pulls the rounds, accrues the day once', async () => {
    t.clock.advance(DAY);
    const m = await walletMember(t, 200_000n);
    const username = await atGame(m, 150_000n);
    await providerRound(t, 'pg', username, 20_000n, 0n); // lost 200.00 today: refund 10.00
    const first = await t.app.inject({ method: 'POST', url: '/sandbox/rewards/accrue', payload: {} });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ rounds: number; accrued: number }>()).toMatchObject({ rounds: 1 });
    expect(ok<TRefundCheck>(await get(t, m.token, ROUTES.refund.check))).toMatchObject({ refundAmount: 10, result: true });
    const again = await t.app.inject({ method: 'POST', url: '/sandbox/rewards/accrue', payload: {} });
    expect(again.json<{ accrued: number }>()).toMatchObject({ accrued: 0 });
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/rewards/accrue', payload: { day: 'tomorrow' } })).statusCode).toBe(400);
  });
});
