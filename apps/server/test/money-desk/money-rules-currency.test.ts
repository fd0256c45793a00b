import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_RULES_KEY, MONEY_RULE_DEFAULTS, type TMoneyLookup } from '@jetton/contract/money-rules';
import { ROUTES } from '@jetton/contract/routes';
import type { TQrState } from '@jetton/contract/wallet';
import type { TQrProviderRule } from '@jetton/contract/deposit';
import { encryptTruelink, truelinkKeyFromSecret } from '@jetton/contract/truelink-crypto';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { up as moveMoneyRules } from '../../src/db/migrations/0045-money-rules-per-currency.ts';
import { accountBalance, ensureAccount } from '../../src/ledger/accounts.ts';
import { ACCOUNT_CODES, memberWallet, systemAccount } from '../../src/ledger/account-codes.ts';
import { postEntry } from '../../src/ledger/post-entry.ts';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import { call, expectError } from '../support/accounts-support.ts';
import { coinsOf, depositMember, expectLedgerHealthy } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { setMoneyRules } from '../support/money-rules-support.ts';
import { startTestApp, testConfig, type TestApp } from '../support/test-app.ts';
import { withdraw } from '../support/withdraw-support.ts';

const KIP = MONEY_RULE_DEFAULTS.LAK;
const BAHT = MONEY_RULE_DEFAULTS.THB;

/**
 * Amount rules per currency (docs/money.md, "Rules per currency"): a kip wallet is
 * checked against kip figures, a baht wallet against baht ones, and a method a
 * currency does not have (gift links for kip) is refused with its own code.
 */
describe.each(testEngines())('money rules per currency (%s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await t.app.services.slipVerifier.stop();
  });
  afterEach(() => expectLedgerHealthy(t));
  afterAll(() => t.close());

  async function kipMember(fundsKip = 0) {
    const m = await depositMember(t, 'BCEL');
    await t.database.db.updateTable('members').set({ currency: 'LAK' }).where('id', '=', m.id).execute();
    if (fundsKip > 0) {
      const bank = await ensureAccount(t.database.db, systemAccount(ACCOUNT_CODES.bank('test'), 'LAK'));
      const wallet = await ensureAccount(t.database.db, memberWallet(m.id, 'LAK'));
      const minor = BigInt(fundsKip) * 100n;
      await postEntry(t.database.db, {
        kind: 'deposit.test',
        postings: [
          { account: bank, amount: -minor },
          { account: wallet, amount: minor },
        ],
      });
    }
    return m;
  }
  const kipBalance = async (memberId: string) => accountBalance(t.database.db, memberWallet(memberId, 'LAK'));

  it('answers each currency its own figures: the money and withdraw lookups, THB when none is asked', async () => {
    const lak = (await call(t, 'GET', `${ROUTES.lookup.money}?currency=LAK`)).json<TMoneyLookup>();
    expect(lak).toMatchObject({ currency: 'LAK', withdrawMin: 50_000, withdrawMax: 30_000_000, transferMin: 1_000, giftLinkMin: null });
    expect(lak).not.toHaveProperty('qr'); // QR picks and minimums: GET /api/qrcode/rules only
    const thb = (await call(t, 'GET', ROUTES.lookup.money)).json<TMoneyLookup>();
    expect(thb).toMatchObject({ currency: 'THB', withdrawMin: 100, withdrawMax: 50_000, transferMin: 1, giftLinkMin: 2, coinPer: 100 });
    expect((await call(t, 'GET', `${ROUTES.lookup.withdraw}?currency=LAK`)).json()).toEqual({
      withdrawMin: 50_000,
      withdrawMax: 30_000_000,
    });
    expect((await call(t, 'GET', ROUTES.lookup.withdraw)).json()).toEqual({ withdrawMin: 100, withdrawMax: 50_000 });
    expectError(await call(t, 'GET', `${ROUTES.lookup.money}?currency=USD`), 400, 'KEY_INVALID');
  });

  it('applies the kip withdraw limits to a kip wallet and the baht ones to a baht wallet', async () => {
    const m = await kipMember(5_000_000);
    // 1,000 kip is far above the baht minimum (100) but below the kip one.
    expectError(await withdraw(t, m.token, { amount: 1_000 }), 400, 'KEY_INVALID');
    expectError(await withdraw(t, m.token, { amount: KIP.withdrawMin - 1 }), 400, 'KEY_INVALID');
    const ok = await withdraw(t, m.token, { amount: 100_000 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await kipBalance(m.id)).toBe((5_000_000n - 100_000n) * 100n);
    // An operator's kip figure applies at once to kip only.
    await setMoneyRules(t, { LAK: { withdrawMin: 200_000 } });
    expectError(await withdraw(t, m.token, { amount: 150_000 }), 400, 'KEY_INVALID');
    const baht = await depositMember(t);
    await setMoneyRules(t, {});
    expectError(await withdraw(t, baht.token, { amount: BAHT.withdrawMin - 1 }), 400, 'KEY_INVALID');
  });

  it('earns spin coins by the kip rule: a 100,000 kip QR deposit earns 2 coins (one per 50,000 kip)', async () => {
    expect(KIP.coinPer).toBe(50_000);
    const m = await kipMember();
    const created = await call(t, 'POST', '/api/qrcode/KBANK', { amount: 100_000 }, { token: m.token });
    const state = created.json<TQrState>();
    expect(state.hasQrcode, created.body).toBe(true);
    const payload = (
      await t.database.db
        .selectFrom('qr_codes')
        .select('payload')
        .where('id', '=', state.qrcodeId ?? '')
        .executeTakeFirstOrThrow()
    ).payload;
    const paid = await fetch(`${createSelfUrl(t.app, undefined)()}/sandbox/pay/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payload }),
    });
    expect(paid.status).toBe(200);
    expect(await kipBalance(m.id)).toBe(10_000_000n);
    expect(await coinsOf(t, m.id)).toBe(2);
  });

  it('refuses a QR below the kip minimum and offers kip quick picks (GET /api/qrcode/rules by the member’s currency)', async () => {
    const m = await kipMember();
    const below = (await call(t, 'POST', '/api/qrcode/WW', { amount: 10_000 }, { token: m.token })).json<TQrState>();
    expect(below).toMatchObject({ hasQrcode: false, message: 'QR_BELOW_MINIMUM' });
    const rulesOf = async (token: string) =>
      (await call(t, 'GET', ROUTES.qrcode.rules, undefined, { token })).json<{ providers: TQrProviderRule[] }>().providers;
    expect((await rulesOf(m.token)).find((r) => r.provider === 'WW')).toEqual({
      provider: 'WW',
      enabled: true,
      ...MONEY_RULE_DEFAULTS.LAK.qr.WW,
    });
    const baht = await depositMember(t);
    expect((await rulesOf(baht.token)).find((r) => r.provider === 'WW')).toMatchObject({ min: MONEY_RULE_DEFAULTS.THB.qr.WW.min });
  });

  it('refuses a transfer below the kip minimum (TRANSFER_MINIMUM) though it is above the baht one', async () => {
    const m = await kipMember(10_000);
    const res = await call(
      t,
      'POST',
      ROUTES.wallet.transfer,
      { from: 'WALLET', to: 'pg', amount: 500 },
      {
        token: m.token,
        headers: { 'idempotency-key': randomUUID() },
      },
    );
    expectError(res, 422, 'TRANSFER_MINIMUM');
    expect(await kipBalance(m.id)).toBe(1_000_000n);
  });

  it('refuses a gift link on a kip wallet with GIFT_LINK_CURRENCY, before the voucher is touched', async () => {
    const m = await kipMember();
    const voucher = await fetch(`${createSelfUrl(t.app, undefined)()}/sandbox/voucher/vouchers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 100 }),
    });
    const { link } = (await voucher.json()) as { link: string };
    const key = await truelinkKeyFromSecret(testConfig().secrets.truelinkSecret);
    const envelope = await encryptTruelink(key, link, '0891234567');
    const res = await call(
      t,
      'POST',
      ROUTES.wallet.truelink,
      { link: envelope },
      { token: m.token, headers: { 'idempotency-key': randomUUID() } },
    );
    expectError(res, 422, 'GIFT_LINK_CURRENCY');
    expect(await kipBalance(m.id)).toBe(0n);
    // The voucher is still the sender's: a baht member redeems it.
    const baht = await depositMember(t);
    const redeemed = await call(
      t,
      'POST',
      ROUTES.wallet.truelink,
      { link: envelope },
      { token: baht.token, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(redeemed.statusCode, redeemed.body).toBe(200);
  });

  it('moves the figures an operator stored for every currency to the baht rules (migration 0045)', async () => {
    const settings = createSettingsRepository(t.database.db);
    const before = await settings.get(MONEY_RULES_KEY);
    await settings.set('lookup.withdraw', { withdrawMin: 200, withdrawMax: 30_000 });
    await settings.set('rules.withdraw', { autoApproveMaxMinor: 400_000 });
    await settings.set('rules.deposit', { coinPerMinor: 20_000 });
    await settings.set('rules.qr', { providers: { WW: { enabled: true, min: 150 } } });
    await settings.set(MONEY_RULES_KEY, {});
    try {
      await moveMoneyRules(t.database.db as never);
      expect(await settings.get(MONEY_RULES_KEY)).toEqual({
        THB: { withdrawMin: 200, withdrawMax: 30_000, autoApproveMax: 4_000, coinPer: 200, qr: { WW: { min: 150, minExclusive: false } } },
      });
      expect(await settings.get('lookup.withdraw')).toBeUndefined();
    } finally {
      await settings.set('rules.withdraw', {});
      await settings.set('rules.deposit', {});
      await settings.set('rules.qr', {});
      await settings.set(MONEY_RULES_KEY, before ?? {});
      t.clock.advance(6_000);
    }
  });
});
