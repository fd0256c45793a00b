import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZProfileResponse } from '@jetton/contract/account';
import { ROUTES } from '@jetton/contract/routes';
import { DEMO_MEMBER } from '../../src/sandbox/demo-member.ts';
import { createMemberRepository } from '../../src/modules/account/member-repository.ts';
import { createProfileService } from '../../src/modules/account/profile-service.ts';
import type { AuthService } from '../../src/modules/auth/auth-service.ts';
import { createLookupService } from '../../src/modules/lookup/lookup-service.ts';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import { call, createMember, expectError, login, nextBankNo, PASSWORD, type TestMember } from '../support/accounts-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describe.each(testEngines())("the member's own profile on the %s database", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const row = (m: TestMember) => createMemberRepository(t.database.db).findById(m.id);
  const getProfile = (token?: string) => call(t, 'GET', ROUTES.account.profile, undefined, { token });
  const put = (url: string, body: unknown, token?: string) => call(t, 'PUT', url, body, { token });

  it('answers the profile of the token holder: _id, name, username, createdAt, coin', async () => {
    const m = await createMember(t);
    const res = await getProfile(await login(t, m.phone, PASSWORD));
    expect(res.statusCode).toBe(200);
    const profile = ZProfileResponse.parse(res.json());
    expect(profile).toMatchObject({ _id: m.id, name: 'TEST MEMBER', username: m.phone, coin: 0, createdAt: t.clock.now().toISOString() });
    expect(profile.memberNo).toBeGreaterThan(100_000);
  });

  it('refuses every member route without a valid token (401 invalid-token)', async () => {
    expectError(await getProfile(), 401, 'invalid-token');
    expectError(await put(ROUTES.account.profile, {}), 401, 'invalid-token');
    expectError(await put(ROUTES.account.changePassword, {}), 401, 'invalid-token');
    expectError(await put(ROUTES.account.bankAccountName, {}), 401, 'invalid-token');
    expectError(await call(t, 'POST', ROUTES.account.logout), 401, 'invalid-token');
  });

  describe('PUT /api/account/profile', () => {
    it('updates name and bank account, upper-casing the names', async () => {
      const m = await createMember(t);
      const token = await login(t, m.phone, PASSWORD);
      const bankAccountNo = nextBankNo();
      const body = { name: 'new name', bankCode: 'KTB', bankAccountName: 'New Name', bankAccountNo };
      const res = await put(ROUTES.account.profile, body, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'OK' });
      expect(await row(m)).toMatchObject({
        name: 'NEW NAME',
        bank_code: 'KTB',
        bank_account_name: 'NEW NAME',
        bank_account_no: bankAccountNo,
      });
      // Saving the same account again is not a conflict with oneself.
      expect((await put(ROUTES.account.profile, body, token)).statusCode).toBe(200);
    });

    it('answers EXISTING_BANK, INVALID_BANK, BANK_ACCOUNT_NAME_ENG and KEY_MISSING', async () => {
      const m = await createMember(t);
      const token = await login(t, m.phone, PASSWORD);
      const base = { name: 'X', bankCode: 'SCB', bankAccountName: 'X', bankAccountNo: nextBankNo() };
      expectError(
        await put(ROUTES.account.profile, { ...base, bankCode: DEMO_MEMBER.bankCode, bankAccountNo: DEMO_MEMBER.bankAccountNo }, token),
        409,
        'EXISTING_BANK',
      );
      expectError(await put(ROUTES.account.profile, { ...base, bankCode: 'NOPE' }, token), 400, 'INVALID_BANK');
      expectError(
        await put(ROUTES.account.profile, { ...base, bankCode: 'BBL', bankAccountName: 'สมชาย' }, token),
        400,
        'BANK_ACCOUNT_NAME_ENG',
      );
      expectError(await put(ROUTES.account.profile, { ...base, name: undefined }, token), 400, 'KEY_MISSING');
      expect(await row(m)).toMatchObject({ name: 'TEST MEMBER', bank_code: m.bankCode, bank_account_no: m.bankAccountNo });
    });
  });

  describe('PUT /api/account/bankAccountName', () => {
    it('changes the Latin name of a KTB, TMB or BBL account', async () => {
      const m = await createMember(t, { bankCode: 'TMB', bankAccountName: 'สมชาย ใจดี' });
      const token = await login(t, m.phone, PASSWORD);
      const res = await put(ROUTES.account.bankAccountName, { bankCode: 'TMB', bankAccountName: 'Somchai  Jaidee' }, token);
      expect(res.statusCode, res.body).toBe(200);
      expect((await row(m))?.bank_account_name).toBe('SOMCHAI JAIDEE');
    });

    it('answers INVALID_BANK for another bank or not the member’s bank, BANK_ACCOUNT_NAME_ENG for non-Latin letters', async () => {
      const m = await createMember(t, { bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' });
      const token = await login(t, m.phone, PASSWORD);
      expectError(await put(ROUTES.account.bankAccountName, { bankCode: 'SCB', bankAccountName: 'SOMCHAI' }, token), 400, 'INVALID_BANK');
      expectError(await put(ROUTES.account.bankAccountName, { bankCode: 'BBL', bankAccountName: 'SOMCHAI' }, token), 400, 'INVALID_BANK');
      expectError(
        await put(ROUTES.account.bankAccountName, { bankCode: 'KTB', bankAccountName: 'สมชาย' }, token),
        400,
        'BANK_ACCOUNT_NAME_ENG',
      );
      expectError(
        await put(ROUTES.account.bankAccountName, { bankCode: 'KTB', bankAccountName: 'SOMCHAI 1' }, token),
        400,
        'BANK_ACCOUNT_NAME_ENG',
      );
      expectError(await put(ROUTES.account.bankAccountName, { bankCode: 'KTB' }, token), 400, 'KEY_MISSING');
      expect((await row(m))?.bank_account_name).toBe('สมชาย ใจดี');
    });
  });

  describe('PUT /api/account/changepwd', () => {
    it('checks the old password, ends every session and answers a fresh token', async () => {
      const m = await createMember(t);
      const [token, otherDevice] = [await login(t, m.phone, PASSWORD), await login(t, m.phone, PASSWORD)];
      expectError(
        await put(ROUTES.account.changePassword, { oldPassword: 'not-it', newPassword: 'brand-new-1' }, token),
        401,
        'WRONG_PASSWORD',
      );
      expectError(await put(ROUTES.account.changePassword, { oldPassword: PASSWORD, newPassword: '12345' }, token), 400, 'KEY_INVALID');
      expectError(await put(ROUTES.account.changePassword, { oldPassword: PASSWORD }, token), 400, 'KEY_MISSING');
      // A wrong old password did not end anything.
      expect((await getProfile(token)).statusCode).toBe(200);

      const res = await put(ROUTES.account.changePassword, { oldPassword: PASSWORD, newPassword: 'brand-new-1' }, token);
      expect(res.statusCode, res.body).toBe(200);
      expectError(await getProfile(token), 401, 'invalid-token');
      expectError(await getProfile(otherDevice), 401, 'invalid-token');
      expect((await getProfile(res.json<{ token: string }>().token)).statusCode).toBe(200);
      expectError(await call(t, 'POST', ROUTES.account.login, { username: m.phone, password: PASSWORD }), 401, 'WRONG_PASSWORD');
      expect(await login(t, m.phone, 'brand-new-1')).toBeTruthy();
    });
  });

  it('offers the bank account with the Thai bank name for the profile screen and the wallet', async () => {
    const m = await createMember(t, { bankCode: 'KBANK', bankAccountName: 'มาลี ศรีสุข' });
    const lookups = createLookupService({ settings: createSettingsRepository(t.database.db), clock: t.clock, log: t.app.log });
    // Reading the bank account needs no auth service.
    const service = createProfileService({
      members: createMemberRepository(t.database.db),
      auth: {} as AuthService,
      lookups,
      clock: t.clock,
      sms: { send: () => Promise.resolve() },
      log: t.app.log,
    });
    expect(await service.bankAccount(m.id)).toEqual({
      bankAccountName: 'มาลี ศรีสุข',
      bankAccountNo: m.bankAccountNo,
      bankCode: 'KBANK',
      bank: { nameTH: 'ธนาคารกสิกรไทย', nameLA: 'ທະນາຄານກະສິກອນໄທ', nameEN: 'Kasikornbank' },
    });
  });

  it("never lets member A read or change member B, whatever A's request carries", async () => {
    const a = await createMember(t, { bankCode: 'KTB' });
    const b = await createMember(t, { bankCode: 'KTB' });
    const [tokenA, tokenB] = [await login(t, a.phone, PASSWORD), await login(t, b.phone, PASSWORD)];
    const before = await row(b);

    // A's token reads A, even when B's id is offered.
    const readA = await call(t, 'GET', `${ROUTES.account.profile}?_id=${b.id}`, undefined, { token: tokenA });
    expect(readA.json()).toMatchObject({ _id: a.id, username: a.phone });

    // Fields naming B are ignored; A's own row changes.
    const sneaky = {
      _id: b.id,
      memberId: b.id,
      username: b.phone,
      name: 'Changed',
      bankCode: 'KTB',
      bankAccountName: 'Changed',
      bankAccountNo: nextBankNo(),
    };
    expect((await put(ROUTES.account.profile, sneaky, tokenA)).statusCode).toBe(200);
    expect((await put(ROUTES.account.bankAccountName, { ...sneaky, bankAccountName: 'Other Name' }, tokenA)).statusCode).toBe(200);
    // A cannot take B's bank account either.
    expectError(await put(ROUTES.account.profile, { ...sneaky, bankAccountNo: b.bankAccountNo }, tokenA), 409, 'EXISTING_BANK');
    expect(
      (await put(ROUTES.account.changePassword, { oldPassword: PASSWORD, newPassword: 'a-only-pass', _id: b.id }, tokenA)).statusCode,
    ).toBe(200);
    // A's old token died with A's password change; B's did not.
    expect((await call(t, 'POST', ROUTES.account.logout, { _id: b.id }, { token: tokenA })).statusCode).toBe(401);

    expect(await row(a)).toMatchObject({ name: 'CHANGED', bank_account_name: 'OTHER NAME' });
    expect(await row(b)).toEqual(before);
    // B's session and password are untouched.
    expect((await getProfile(tokenB)).json()).toMatchObject({ _id: b.id, name: 'TEST MEMBER' });
    expect(await login(t, b.phone, PASSWORD)).toBeTruthy();
  });
});
