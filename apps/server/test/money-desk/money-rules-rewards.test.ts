import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_RULE_DEFAULTS } from '@jetton/contract/money-rules';
import { previousSiteDay } from '@jetton/contract/site-time';
import { apiPath, ROUTES } from '@jetton/contract/routes';
import type { TBonus, TRefundCheck, TUserBonus } from '@jetton/contract/rewards';
import type { TSpinResponse, TSpinSetupResponse, TSpinWheelConfig } from '@jetton/contract/spin';
import { accountBalance, ensureAccount } from '../../src/ledger/accounts.ts';
import { ACCOUNT_CODES, memberWallet, systemAccount } from '../../src/ledger/account-codes.ts';
import { postEntry } from '../../src/ledger/post-entry.ts';
import { DEMO_WHEEL } from '../../src/modules/spin/seed-wheel.ts';
import { expectError } from '../support/accounts-support.ts';
import { testEngines } from '../support/engines.ts';
import { setMoneyRules } from '../support/money-rules-support.ts';
import { activateBonus, defineBonus, get, ok } from '../support/rewards-support.ts';
import { fakeBonuses, seededSeeds, setCoins, spin } from '../support/spin-support.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { expectHealthy, walletMember } from '../support/wallet-support.ts';

const KIP = MONEY_RULE_DEFAULTS.LAK;

/** One money slice only: every spin lands on it. */
const ONE_PRIZE: TSpinWheelConfig = {
  name: 'ONE',
  active: true,
  slices: [
    {
      code: 'CREDIT10',
      label: '฿10',
      bgColor: '#000000',
      textColor: '#ffffff',
      htmlDescription: '',
      weight: 1,
      prize: { type: 'credit', amount: 10 },
    },
  ],
};

/**
 * Bonus, promotion, wheel, invite and refund amounts per currency (docs/money.md,
 * "Rules per currency"): a kip member's bonus caps and minimums, prizes, refund
 * minimum and daily cap are kip figures; a baht member keeps the baht ones.
 */
describe.each(testEngines())('reward amounts per currency (%s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { spinSeeds: seededSeeds(`kip-${engine}`), spinBonuses: fakeBonuses().port });
  });
  afterEach(() => expectHealthy(t));
  afterAll(async () => {
    await t.app.services.spinWheels.save(DEMO_WHEEL);
    await t.close();
  });

  async function kipMember(kip: bigint) {
    const m = await walletMember(t);
    const db = t.database.db;
    await db.updateTable('members').set({ currency: 'LAK' }).where('id', '=', m.id).execute();
    if (kip > 0n) {
      const bank = await ensureAccount(db, systemAccount(ACCOUNT_CODES.bank('test'), 'LAK'));
      const wallet = await ensureAccount(db, memberWallet(m.id, 'LAK'));
      await postEntry(db, {
        kind: 'deposit.test',
        postings: [
          { account: bank, amount: -kip * 100n },
          { account: wallet, amount: kip * 100n },
        ],
      });
    }
    return m;
  }

  it('lists a bonus with its kip amounts to a kip member, its baht ones to a baht member, and hides one without kip figures', async () => {
    await defineBonus(t, { code: 'KIPBONUS', percent: 100, maxBonus: 100_000n, minDeposit: 10_000n });
    await defineBonus(t, { code: 'BAHTONLY', percent: 10 });
    await setMoneyRules(t, { LAK: { bonuses: { KIPBONUS: { maxBonus: 650_000, minDeposit: 50_000 } } } });
    const kip = await kipMember(0n);
    const baht = await walletMember(t);
    const kipList = ok<TBonus[]>(await get(t, kip.token, ROUTES.bonus.list));
    expect(kipList.find((b) => b.code === 'KIPBONUS')).toMatchObject({ maxBonus: 650_000, minDeposit: 50_000 });
    expect(kipList.find((b) => b.code === 'BAHTONLY')).toBeUndefined();
    const bahtList = ok<TBonus[]>(await get(t, baht.token, ROUTES.bonus.list));
    expect(bahtList.find((b) => b.code === 'KIPBONUS')).toMatchObject({ maxBonus: 1_000, minDeposit: 100 });
    expect(bahtList.find((b) => b.code === 'BAHTONLY')).toBeDefined();
    // The smallest wallet a listed bonus accepts, in the member's currency.
    const kipMin = ok<{ minimum: number }>(await get(t, kip.token, ROUTES.bonus.checkMinimum)).minimum;
    expect(kipMin).toBeGreaterThanOrEqual(KIP.bonuses.DAILY10?.minDeposit ?? 30_000);
    expect(kipMin).toBeLessThanOrEqual(50_000);
    expectError(await activateBonus(t, kip.token, 'BAHTONLY'), 404, 'NO_DATA');
  });

  it('receives a bonus on a kip wallet by the kip minimum and cap', async () => {
    const poor = await kipMember(40_000n); // above the baht minimum (100), below the kip one
    expectError(await activateBonus(t, poor.token, 'KIPBONUS'), 422, 'BONUS_CONDITION');
    const rich = await kipMember(1_000_000n);
    const bonus = ok<TUserBonus>(await activateBonus(t, rich.token, 'KIPBONUS'));
    expect(bonus.credit).toBe(650_000); // 100 % of 1,000,000 capped at the kip maximum
    expect(await accountBalance(t.database.db, memberWallet(rich.id, 'LAK'))).toBe(1_650_000n * 100n);
  });

  it('refuses a promotion without kip figures to a kip member (NO_PROMOTION), and finds it for a baht one', async () => {
    await defineBonus(t, { code: 'BAHTPROMO', origin: 'promotion' });
    const kip = await kipMember(1_000_000n);
    expectError(await get(t, kip.token, apiPath(ROUTES.promotion.find, { code: 'BAHTPROMO' })), 404, 'NO_PROMOTION');
    expectError(await get(t, kip.token, apiPath(ROUTES.promotion.activate, { code: 'BAHTPROMO' })), 404, 'NO_PROMOTION');
    const baht = await walletMember(t);
    expect(ok<{ code: string }>(await get(t, baht.token, apiPath(ROUTES.promotion.find, { code: 'BAHTPROMO' }))).code).toBe('BAHTPROMO');
  });

  it('labels and pays a wheel prize in kip to a kip member (the kip rule: CREDIT10 is 5,000 kip), in baht to a baht one', async () => {
    await t.app.services.spinWheels.save(ONE_PRIZE);
    const kip = await kipMember(0n);
    const baht = await walletMember(t);
    const kipSetup = ok<TSpinSetupResponse>(await get(t, kip.token, ROUTES.spinwheel.setup));
    expect(kipSetup.slices.map((s) => s.label)).toEqual(['₭5,000']);
    expect(ok<TSpinSetupResponse>(await get(t, baht.token, ROUTES.spinwheel.setup)).slices.map((s) => s.label)).toEqual(['฿10']);
    for (const m of [kip, baht]) await setCoins(t, m.id, 1);
    const kipSpin = ok<TSpinResponse>(await spin(t, kip.token));
    expect(kipSpin.coupon).toMatchObject({ amount: KIP.prizes.CREDIT10 });
    const bahtSpin = ok<TSpinResponse>(await spin(t, baht.token));
    expect(bahtSpin.coupon).toMatchObject({ amount: 10 });
  });

  it('caps a day of kip refund at the kip daily maximum and refuses less than the kip minimum (REFUND_MINIMUM)', async () => {
    await setMoneyRules(t, { LAK: { refundDailyMax: 100_000 } });
    const loser = await kipMember(0n);
    const small = await kipMember(0n);
    // A day no pass has claimed yet (the job's own passes claim the recent ones).
    const day = previousSiteDay(new Date(t.clock.now().getTime() - 40 * 86_400_000));
    // 5 % of a 10,000,000 kip loss is 500,000: capped at 100,000. 5 % of 10,000 kip is 500: below the kip minimum.
    await t.database.db
      .insertInto('daily_play')
      .values([
        { member_id: loser.id, day, category: 'slot', bets: 10_000_000n * 100n, payouts: 0n },
        { member_id: small.id, day, category: 'slot', bets: 10_000n * 100n, payouts: 0n },
      ])
      .execute();
    await t.app.services.rewardsJob.accrueDay(day);
    expect(ok<TRefundCheck>(await get(t, loser.token, ROUTES.refund.check)).refundAmount).toBe(100_000);
    expect(ok<TRefundCheck>(await get(t, small.token, ROUTES.refund.check)).refundAmount).toBe(500);
    expectError(await get(t, small.token, ROUTES.refund.receive), 422, 'REFUND_MINIMUM');
    expect(ok<{ message: string }>(await get(t, loser.token, ROUTES.refund.receive)).message).toBe('REFUND_SUCCESS');
  });
});
