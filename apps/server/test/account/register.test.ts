import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZProfileResponse } from '@jetton/contract/account';
import { ROUTES } from '@jetton/contract/routes';
import { DEMO_MEMBER } from '../../src/sandbox/demo-member.ts';
import { createMemberRepository } from '../../src/modules/account/member-repository.ts';
import { call, expectError, login, nextBankNo, nextPhone, readOtpCode, setLookup } from '../support/accounts-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** A step-4 payload; each test changes what it is about. */
function payload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Malee  Srisuk',
    username: nextPhone(),
    password: 'secret-99',
    sourceCode: 'FACEBOOK',
    inviteCode: '',
    bankCode: 'SCB',
    bankAccountName: 'มาลี ศรีสุข',
    bankAccountNo: nextBankNo(),
    ...overrides,
  };
}

async function verifyPhone(t: TestApp, phone: string): Promise<void> {
  const sent = await call(t, 'POST', ROUTES.account.otpSend, { phoneNumber: phone });
  expect(sent.statusCode, sent.body).toBe(200);
  const { code } = await readOtpCode(t, phone);
  const res = await call(t, 'POST', ROUTES.account.otpVerify, { otpToken: sent.json<{ otpToken: string }>().otpToken, otpCode: code });
  expect(res.statusCode).toBe(200);
}

describe.each(testEngines())('registration on the %s database', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const validate = (body: Record<string, unknown>) => call(t, 'POST', ROUTES.account.validate, body);
  const register = (body: Record<string, unknown>) => call(t, 'POST', ROUTES.account.register, body);

  describe('POST /api/account/validate (step 3)', () => {
    it('accepts a new phone with name and password, without bank data', async () => {
      const res = await validate({ name: 'Malee', username: nextPhone(), password: 'secret-99' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ valid: true });
    });

    it('answers KEY_MISSING for an absent or blank field', async () => {
      expectError(await validate({ username: nextPhone(), password: 'secret-99' }), 400, 'KEY_MISSING');
      expectError(await validate({ name: '   ', username: nextPhone(), password: 'secret-99' }), 400, 'KEY_MISSING');
      expectError(await validate({ name: 'A', username: nextPhone(), password: '' }), 400, 'KEY_MISSING');
    });

    it('answers PHONE_NUMBER_REQUIRE_10_DIGIT, KEY_INVALID for a short password, EXISTING_USER for a member', async () => {
      expectError(await validate({ name: 'A', username: '08123', password: 'secret-99' }), 400, 'PHONE_NUMBER_REQUIRE_10_DIGIT');
      expectError(await validate({ name: 'A', username: nextPhone(), password: '12345' }), 400, 'KEY_INVALID');
      expectError(await validate({ name: 'A', username: DEMO_MEMBER.username, password: 'secret-99' }), 409, 'EXISTING_USER');
    });

    it('refuses a Lao currency on the default build (KEY_INVALID)', async () => {
      expectError(await validate({ name: 'A', username: nextPhone(), password: 'secret-99', currency: 'LAK' }), 400, 'KEY_INVALID');
    });
  });

  describe('POST /api/account (step 4)', () => {
    it('registers a member whose phone passed the code, upper-cases names, and lets them log in', async () => {
      const body = payload({ bankCode: 'KBANK' });
      await verifyPhone(t, body.username as string);
      const res = await register(body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ username: body.username });
      const token = await login(t, body.username as string, 'secret-99');
      const profile = ZProfileResponse.parse((await call(t, 'GET', ROUTES.account.profile, undefined, { token })).json());
      expect(profile).toMatchObject({ name: 'MALEE SRISUK', username: body.username, coin: 0, _id: res.json<{ _id: string }>()._id });
      expect(profile.inviteCode).toBe(`PR${profile.memberNo}`);
      const row = await createMemberRepository(t.database.db).findByPhone(body.username as string);
      expect(row).toMatchObject({
        currency: 'THB',
        source_code: 'FACEBOOK',
        bank_account_name: 'มาลี ศรีสุข',
        invited_by: null,
        status: 'active',
      });
      expect(row?.password_hash).toMatch(/^scrypt\$N=131072,r=8,p=1\$/);
    });

    it('answers UNVERIFIED_OTP when the code is on and the phone was not verified', async () => {
      expectError(await register(payload()), 422, 'UNVERIFIED_OTP');
    });

    it('answers UNVERIFIED_OTP when the verification is older than a day', async () => {
      const body = payload();
      await verifyPhone(t, body.username as string);
      t.clock.advance(24 * 60 * 60_000 + 1_000);
      expectError(await register(body), 422, 'UNVERIFIED_OTP');
    });

    it('answers EXISTING_USER for a registered phone and EXISTING_BANK for a used bank account', async () => {
      expectError(await register(payload({ username: DEMO_MEMBER.username })), 409, 'EXISTING_USER');
      const body = payload({ bankCode: DEMO_MEMBER.bankCode, bankAccountNo: DEMO_MEMBER.bankAccountNo });
      await verifyPhone(t, body.username as string);
      expectError(await register(body), 409, 'EXISTING_BANK');
    });

    it('answers INVALID_BANK for a bank code that is not in the banks lookup', async () => {
      const body = payload({ bankCode: 'NOPE' });
      await verifyPhone(t, body.username as string);
      expectError(await register(body), 400, 'INVALID_BANK');
    });

    it('answers BANK_ACCOUNT_NAME_ENG for a non-Latin name at KTB, TMB or BBL', async () => {
      for (const bankCode of ['KTB', 'TMB', 'BBL']) {
        expectError(await register(payload({ bankCode, bankAccountName: 'มาลี ศรีสุข' })), 400, 'BANK_ACCOUNT_NAME_ENG');
        expectError(await register(payload({ bankCode, bankAccountName: 'MALEE 2' })), 400, 'BANK_ACCOUNT_NAME_ENG');
      }
    });

    it('answers PHONE_NUMBER_REQUIRE_10_DIGIT and KEY_MISSING through the register route too', async () => {
      expectError(await register(payload({ username: '0812' })), 400, 'PHONE_NUMBER_REQUIRE_10_DIGIT');
      expectError(await register(payload({ bankAccountNo: undefined })), 400, 'KEY_MISSING');
    });

    it('links the inviter from PR<member number>, and ignores an unknown code', async () => {
      await setLookup(t, 'registerOTP', { enabled: false });
      try {
        const demo = await createMemberRepository(t.database.db).findByPhone(DEMO_MEMBER.username);
        const invited = payload({
          inviteCode: `pr${demo?.member_no}`,
          bankAccountName: 'Somsri Dee',
          bankCode: 'KTB',
          sourceCode: 'UNKNOWN',
        });
        expect((await register(invited)).statusCode).toBe(201);
        const row = await createMemberRepository(t.database.db).findByPhone(invited.username as string);
        expect(row).toMatchObject({ invited_by: demo?.id, bank_account_name: 'SOMSRI DEE', source_code: null });

        const stray = payload({ inviteCode: 'PR999999999' });
        expect((await register(stray)).statusCode).toBe(201);
        expect((await createMemberRepository(t.database.db).findByPhone(stray.username as string))?.invited_by).toBeNull();
      } finally {
        await setLookup(t, 'registerOTP', { enabled: true });
      }
    });
  });
});

describe.each(testEngines())('registration on the Lao configuration, %s database', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { lao: true });
    await setLookup(t, 'registerOTP', { enabled: false });
  });
  afterAll(() => t.close());

  const register = (body: Record<string, unknown>) => call(t, 'POST', ROUTES.account.register, body);
  const currencyOf = async (phone: string) => (await createMemberRepository(t.database.db).findByPhone(phone))?.currency;

  it('has no phone length check, defaults to LAK and stores BAHT as THB', async () => {
    const lak = payload({ username: '2055512345', bankCode: 'BCEL' });
    expect((await register(lak)).statusCode).toBe(201);
    expect(await currencyOf('2055512345')).toBe('LAK');

    const short = payload({ username: '02055567', bankCode: 'BCEL', currency: 'BAHT' });
    expect((await register(short)).statusCode).toBe(201);
    expect(await currencyOf('02055567')).toBe('THB');

    const validate = await call(t, 'POST', ROUTES.account.validate, {
      name: 'A',
      username: '020555',
      password: 'secret-99',
      currency: 'LAK',
    });
    expect(validate.statusCode).toBe(200);
    expectError(await call(t, 'POST', ROUTES.account.otpSend, { phoneNumber: '020 555' }), 400, 'KEY_INVALID');
    expectError(await register(payload({ currency: 'USD' })), 400, 'KEY_INVALID');
  });
});
