import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@jetton/contract/routes';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { PASSWORD_CHANGED_NOTICE } from '../../src/modules/account/password-reset-service.ts';
import { call, createMember, expectError, login, nextPhone, readOtpCode } from '../support/accounts-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;
const NEW_PASSWORD = 'fresh-pass-987';
type ForgotAnswer = { otpRef: string; otpToken: string };

describe.each(testEngines())('forgotten password on the %s database', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const forgot = (phoneNumber: string) => call(t, 'POST', ROUTES.account.passwordForgot, { phoneNumber });
  const reset = (otpToken: string, otpCode: string, password = NEW_PASSWORD) =>
    call(t, 'POST', ROUTES.account.passwordReset, { otpToken, otpCode, password });
  async function asked(phone: string): Promise<ForgotAnswer> {
    const res = await forgot(phone);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ForgotAnswer>();
  }
  const wrong = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  async function outbox(phone: string): Promise<string[]> {
    const base = createSelfUrl(t.app, undefined)();
    const res = await fetch(`${base}/sandbox/sms/messages?phone=${encodeURIComponent(phone)}`);
    return ((await res.json()) as { messages: { text: string }[] }).messages.map((m) => m.text);
  }
  const profile = (token: string) => call(t, 'GET', ROUTES.account.profile, undefined, { token });

  it('resets the password by SMS code, ends every session, tells the member, and the code works once', async () => {
    const m = await createMember(t);
    const tokens = [await login(t, m.phone, m.password), await login(t, m.phone, m.password)];
    const answer = await asked(m.phone);
    expect(Object.keys(answer).sort()).toEqual(['otpRef', 'otpToken']);
    const { code, ref } = await readOtpCode(t, m.phone);
    expect(ref).toBe(answer.otpRef);
    const res = await reset(answer.otpToken, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'OK' });
    for (const token of tokens) expectError(await profile(token), 401, 'invalid-token');
    expect((await outbox(m.phone))[0]).toBe(PASSWORD_CHANGED_NOTICE);
    expectError(await call(t, 'POST', ROUTES.account.login, { username: m.phone, password: m.password }), 401, 'WRONG_PASSWORD');
    expect(await login(t, m.phone, NEW_PASSWORD)).toBeTruthy();
    expectError(await reset(answer.otpToken, code, 'another-pass-1'), 409, 'OTP_VERIFIED');
  });

  it('refuses a wrong code, blocks at the fifth wrong try, and leaves the password as it was', async () => {
    const m = await createMember(t);
    const { otpToken } = await asked(m.phone);
    const { code } = await readOtpCode(t, m.phone);
    for (let i = 0; i < 4; i++) expectError(await reset(otpToken, wrong(code)), 422, 'OTP_CODE_INVALID');
    expectError(await reset(otpToken, wrong(code)), 429, 'OTP_BLOCK');
    expectError(await reset(otpToken, code), 429, 'OTP_BLOCK');
    expect(await login(t, m.phone, m.password)).toBeTruthy();
  });

  it('expires the code after 5 minutes and keeps registration limits: one send a minute, five an hour', async () => {
    const m = await createMember(t);
    const first = await asked(m.phone);
    const firstCode = (await readOtpCode(t, m.phone)).code;
    expectError(await forgot(m.phone), 429, 'REQUEST_LIMIT_1MIN');
    t.clock.advance(5 * MINUTE + 1_000);
    expectError(await reset(first.otpToken, firstCode), 422, 'OTP_EXPIRED');
    for (let i = 0; i < 4; i++) {
      await asked(m.phone);
      t.clock.advance(MINUTE + 1_000);
    }
    expectError(await forgot(m.phone), 429, 'REQUEST_LIMIT');
  });

  it('answers an unknown phone exactly like a member phone, sending nothing', async () => {
    const member = await createMember(t);
    const stranger = nextPhone();
    const a = await forgot(member.phone);
    const b = await forgot(stranger);
    expect(b.statusCode).toBe(a.statusCode);
    expect(Object.keys(b.json<ForgotAnswer>()).sort()).toEqual(Object.keys(a.json<ForgotAnswer>()).sort());
    expect(b.json<ForgotAnswer>().otpRef).toMatch(/^[A-Z]{4}$/);
    expect(await outbox(stranger)).toEqual([]);
    // The limits bite the same way, so they tell nothing either.
    expectError(await forgot(stranger), 429, 'REQUEST_LIMIT_1MIN');
    expectError(await forgot(member.phone), 429, 'REQUEST_LIMIT_1MIN');
    // No code can reset anything for it.
    expectError(await reset(b.json<ForgotAnswer>().otpToken, '123456'), 422, 'OTP_CODE_INVALID');
  });

  it('lifts a login lockout once the password is reset', async () => {
    const m = await createMember(t);
    for (let i = 0; i < 5; i++) await call(t, 'POST', ROUTES.account.login, { username: m.phone, password: `wrong-${i}` });
    const locked = await call(t, 'POST', ROUTES.account.login, { username: m.phone, password: m.password });
    expect(locked.json()).toMatchObject({ message: 'LOGIN_LOCKED' });
    const { otpToken } = await asked(m.phone);
    expect((await reset(otpToken, (await readOtpCode(t, m.phone)).code)).statusCode).toBe(200);
    expect(await login(t, m.phone, NEW_PASSWORD)).toBeTruthy();
  });

  it('refuses a forged token and checks the request', async () => {
    const m = await createMember(t);
    expectError(await reset('x.y', '123456'), 400, 'OTP_TOKEN_INVALID');
    const { otpToken } = await asked(m.phone);
    expectError(await reset(otpToken, '12ab56'), 422, 'OTP_CODE_INVALID');
    expectError(await reset(otpToken, (await readOtpCode(t, m.phone)).code, 'short'), 400, 'KEY_INVALID');
    expectError(await forgot('12345'), 400, 'PHONE_NUMBER_REQUIRE_10_DIGIT');
  });
});
