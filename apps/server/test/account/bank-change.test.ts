import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@jetton/contract/routes';
import type { TWithdrawResponse } from '@jetton/contract/withdraw';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { DEMO_MEMBER } from '../../src/sandbox/demo-member.ts';
import { createMemberRepository } from '../../src/modules/account/member-repository.ts';
import { createProfileService } from '../../src/modules/account/profile-service.ts';
import { createRegistrationService } from '../../src/modules/account/registration-service.ts';
import type { AuthService } from '../../src/modules/auth/auth-service.ts';
import { createLookupService } from '../../src/modules/lookup/lookup-service.ts';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import { call, expectError, nextBankNo, nextPhone } from '../support/accounts-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { expectHealthy, walletMember, type WalletMember } from '../support/wallet-support.ts';
import { decide, withdraw } from '../support/withdraw-support.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Changing where withdrawals go (docs/security.md): the registration's bank rules,
 * an SMS notice, and withdrawals to the new account wait for an operator for 24 h
 * with the reason shown to them.
 */
describe.each(testEngines())('a bank account change through the profile (%s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(async () => {
    await expectHealthy(t);
    await t.close();
  });

  const smsTo = async (phone: string): Promise<string[]> => {
    const res = await fetch(`${createSelfUrl(t.app, undefined)()}/sandbox/sms/messages?phone=${encodeURIComponent(phone)}`);
    return ((await res.json()) as { messages: { text: string }[] }).messages.map((m) => m.text);
  };
  const changeBank = (m: WalletMember, bankCode: string, bankAccountNo: string) =>
    call(
      t,
      'PUT',
      ROUTES.account.profile,
      { name: 'Test Member', bankCode, bankAccountName: 'Test Member', bankAccountNo },
      { token: m.token },
    );
  const withdrawalRow = (id: string) =>
    t.database.db
      .selectFrom('withdrawals')
      .select(['status', 'review_reason', 'bank_account_no'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const requestWithdrawal = async (m: WalletMember, amount: number): Promise<string> => {
    const res = await withdraw(t, m.token, { amount });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TWithdrawResponse>().withdrawalId;
  };

  it('tells the member by SMS and records the change; a name-only edit does neither', async () => {
    const m = await walletMember(t);
    const rename = await call(
      t,
      'PUT',
      ROUTES.account.profile,
      { name: 'New Name', bankCode: m.bankCode, bankAccountName: 'Test Member', bankAccountNo: m.bankAccountNo },
      { token: m.token },
    );
    expect(rename.statusCode, rename.body).toBe(200);
    expect(await smsTo(m.phone)).toEqual([]);

    const account = nextBankNo();
    expect((await changeBank(m, 'KBANK', account)).statusCode).toBe(200);
    const texts = await smsTo(m.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(`Kasikornbank x${account.slice(-4)}`);
    expect(texts[0]).not.toContain(account);
    const row = await t.database.db
      .selectFrom('members')
      .select(['bank_code', 'bank_changed_at'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ bank_code: 'KBANK', bank_changed_at: t.clock.now() });
  });

  it('applies the registration rules to the new account: EXISTING_BANK, INVALID_BANK, and no notice then', async () => {
    const m = await walletMember(t);
    expectError(await changeBank(m, DEMO_MEMBER.bankCode, DEMO_MEMBER.bankAccountNo), 409, 'EXISTING_BANK');
    expectError(await changeBank(m, 'NOPE', nextBankNo()), 400, 'INVALID_BANK');
    expect(await smsTo(m.phone)).toEqual([]);
  });

  it('refuses a blacklisted account on a change as at registration: INVALID_BANK, nothing changed, no notice', async () => {
    const m = await walletMember(t);
    const listed = nextBankNo();
    const isBankBlacklisted = (bankCode: string, bankAccountNo: string) => Promise.resolve(bankCode === 'SCB' && bankAccountNo === listed);
    const sent: string[] = [];
    const members = createMemberRepository(t.database.db);
    const lookups = createLookupService({ settings: createSettingsRepository(t.database.db), clock: t.clock, log: t.app.log });
    const sms = { send: (_phone: string, text: string) => Promise.resolve(void sent.push(text)) };
    const profile = createProfileService({
      members,
      auth: {} as AuthService,
      lookups,
      clock: t.clock,
      sms,
      log: t.app.log,
      isBankBlacklisted,
    });
    const change = { name: 'TEST MEMBER', bankCode: 'SCB', bankAccountName: 'TEST MEMBER', bankAccountNo: listed };
    await expect(profile.updateProfile(m.id, change)).rejects.toMatchObject({ code: 'INVALID_BANK' });
    expect(sent).toEqual([]);
    expect((await members.findById(m.id))?.bank_account_no).toBe(m.bankAccountNo);
    const registration = createRegistrationService({
      members,
      lookups,
      clock: t.clock,
      market: { lao: false },
      isPhoneVerified: () => Promise.resolve(true),
      isBankBlacklisted,
    });
    const newcomer = {
      name: 'NEW',
      username: nextPhone(),
      password: 'secret-99',
      bankCode: 'SCB',
      bankAccountName: 'NEW',
      bankAccountNo: listed,
    };
    await expect(registration.register(newcomer)).rejects.toMatchObject({ code: 'INVALID_BANK' });
  });

  it('sends withdrawals to the new account to the operator for 24 hours, with the reason, then approves them by itself again', async () => {
    const m = await walletMember(t, 500_000n);
    const before = await requestWithdrawal(m, 200);
    expect(await withdrawalRow(before)).toMatchObject({ status: 'approved', review_reason: null });

    const account = nextBankNo();
    expect((await changeBank(m, 'SCB', account)).statusCode).toBe(200);
    const held = await requestWithdrawal(m, 200);
    expect(await withdrawalRow(held)).toEqual({ status: 'review', review_reason: 'BANK_CHANGED', bank_account_no: account });
    const queue = await t.app.inject({ url: '/sandbox/ops/withdrawals' });
    expect(queue.json<{ withdrawals: { withdrawalId: string; reviewReason: string }[] }>().withdrawals).toContainEqual(
      expect.objectContaining({ withdrawalId: held, reviewReason: 'BANK_CHANGED' }),
    );
    expect((await decide(t, held, 'approve')).statusCode).toBe(200);

    t.clock.advance(DAY - 60_000);
    expect((await withdrawalRow(await requestWithdrawal(m, 200))).review_reason).toBe('BANK_CHANGED');
    t.clock.advance(60_000);
    expect(await withdrawalRow(await requestWithdrawal(m, 200))).toMatchObject({ status: 'approved', review_reason: null });
  });

  it('names the reason for a withdrawal above the auto-approval limit too', async () => {
    const m = await walletMember(t, 1_000_000n);
    expect(await withdrawalRow(await requestWithdrawal(m, 6_000))).toMatchObject({ status: 'review', review_reason: 'ABOVE_AUTO_LIMIT' });
  });
});
