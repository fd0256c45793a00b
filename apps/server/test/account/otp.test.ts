import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@jetton/contract/routes';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { uuidV7 } from '../../src/db/uuid-v7.ts';
import { DEMO_MEMBER } from '../../src/sandbox/demo-member.ts';
import { createSigner } from '../../src/modules/auth/signer.ts';
import { call, expectError, nextIp, nextPhone, readOtpCode } from '../support/accounts-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, testConfig, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;
type SendAnswer = { otpRef: string; otpToken: string; code: string };

describe.each(testEngines())('one-time codes on the %s database', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const send = (phoneNumber: string, ip?: string) => call(t, 'POST', ROUTES.account.otpSend, { phoneNumber }, { ip });
  const verify = (otpToken: string, otpCode: string) => call(t, 'POST', ROUTES.account.otpVerify, { otpToken, otpCode });
  async function sent(phone: string): Promise<SendAnswer> {
    const res = await send(phone);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SendAnswer>();
  }
  /** A wrong code that is surely not the right one. */
  const wrong = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('sends a 6-digit code by SMS, readable in the simulator outbox, and verifies it once', async () => {
    const phone = nextPhone();
    const answer = await sent(phone);
    expect(answer.code).toBe('OTP_SENT');
    expect(answer.otpRef).toMatch(/^[A-Z]{4}$/);
    const { code, ref } = await readOtpCode(t, phone);
    expect(ref).toBe(answer.otpRef);
    const res = await verify(answer.otpToken, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 'OTP_CODE_VALID' });
    // Single use: the same code and token never verify twice.
    expectError(await verify(answer.otpToken, code), 409, 'OTP_VERIFIED');
    // A verified phone needs no new code: no SMS, no token.
    expect(await sent(phone)).toEqual({ otpRef: '', otpToken: '', code: 'OTP_VERIFIED' });
  });

  it('stores only a hash of the code', async () => {
    const phone = nextPhone();
    await sent(phone);
    const { code } = await readOtpCode(t, phone);
    const rows = await t.database.db.selectFrom('otp_challenges').select('code_hash').where('phone', '=', phone).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).not.toContain(code);
    expect(rows[0]?.code_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers OTP_CODE_INVALID for a wrong code and OTP_BLOCK at the fifth, even for the right code after', async () => {
    const phone = nextPhone();
    const { otpToken } = await sent(phone);
    const { code } = await readOtpCode(t, phone);
    for (let i = 0; i < 4; i++) expectError(await verify(otpToken, wrong(code)), 422, 'OTP_CODE_INVALID');
    expectError(await verify(otpToken, wrong(code)), 429, 'OTP_BLOCK');
    expectError(await verify(otpToken, code), 429, 'OTP_BLOCK');
  });

  it('accepts the right code on the fifth try', async () => {
    const phone = nextPhone();
    const { otpToken } = await sent(phone);
    const { code } = await readOtpCode(t, phone);
    for (let i = 0; i < 4; i++) expectError(await verify(otpToken, wrong(code)), 422, 'OTP_CODE_INVALID');
    expect((await verify(otpToken, code)).statusCode).toBe(200);
  });

  it('answers OTP_EXPIRED after 5 minutes', async () => {
    const phone = nextPhone();
    const { otpToken } = await sent(phone);
    const { code } = await readOtpCode(t, phone);
    t.clock.advance(5 * MINUTE);
    expectError(await verify(otpToken, code), 422, 'OTP_EXPIRED');
  });

  it('allows one send per minute per phone (REQUEST_LIMIT_1MIN) and only the newest code works', async () => {
    const phone = nextPhone();
    const first = await sent(phone);
    const firstCode = (await readOtpCode(t, phone)).code;
    expectError(await send(phone), 429, 'REQUEST_LIMIT_1MIN');
    t.clock.advance(MINUTE);
    const second = await sent(phone);
    expectError(await verify(first.otpToken, firstCode), 422, 'OTP_EXPIRED');
    expect((await verify(second.otpToken, (await readOtpCode(t, phone)).code)).statusCode).toBe(200);
  });

  it('allows five sends per hour per phone (REQUEST_LIMIT), then again once the hour has passed', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 5; i++) {
      await sent(phone);
      t.clock.advance(MINUTE + 1_000);
    }
    expectError(await send(phone), 429, 'REQUEST_LIMIT');
    t.clock.advance(50 * MINUTE);
    expectError(await send(phone), 429, 'REQUEST_LIMIT');
    // Now the first send is more than an hour old.
    t.clock.advance(5 * MINUTE);
    expect((await sent(phone)).code).toBe('OTP_SENT');
  });

  it('limits sends per client IP across phones (429 REQUEST_LIMIT)', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await send(nextPhone(), ip)).statusCode).toBe(200);
    expectError(await send(nextPhone(), ip), 429, 'REQUEST_LIMIT');
    // Another client is not affected.
    expect((await send(nextPhone())).statusCode).toBe(200);
  });

  it('answers OTP_TOKEN_INVALID for a forged or foreign token and OTP_NOT_EXIST for an unknown challenge', async () => {
    const phone = nextPhone();
    const { otpToken } = await sent(phone);
    const { code } = await readOtpCode(t, phone);
    const ours = createSigner(testConfig().secrets.tokenSecret);
    expectError(await verify(`${otpToken.slice(0, -2)}AA`, code), 400, 'OTP_TOKEN_INVALID');
    expectError(await verify('garbage', code), 400, 'OTP_TOKEN_INVALID');
    expectError(await verify(createSigner('x'.repeat(40)).sign('otp', otpToken.split('.')[0] ?? ''), code), 400, 'OTP_TOKEN_INVALID');
    // Our signature for a session is not an OTP token.
    expectError(await verify(ours.sign('session', otpToken.split('.')[0] ?? ''), code), 400, 'OTP_TOKEN_INVALID');
    expectError(await verify(ours.sign('otp', uuidV7()), code), 404, 'OTP_NOT_EXIST');
  });

  it('checks the request: phone of 10 digits, code of 6 digits, fields present', async () => {
    expectError(await send('081234567'), 400, 'PHONE_NUMBER_REQUIRE_10_DIGIT');
    expectError(await send('08123456789'), 400, 'PHONE_NUMBER_REQUIRE_10_DIGIT');
    expectError(await send('08-1234567'), 400, 'PHONE_NUMBER_REQUIRE_10_DIGIT');
    expectError(await call(t, 'POST', ROUTES.account.otpSend, {}), 400, 'KEY_MISSING');
    const { otpToken } = await sent(nextPhone());
    expectError(await verify(otpToken, '12345'), 422, 'OTP_CODE_INVALID');
    expectError(await call(t, 'POST', ROUTES.account.otpVerify, { otpToken }), 400, 'KEY_MISSING');
  });

  it('sends no code to a phone that is already a member (EXISTING_USER)', async () => {
    expectError(await send(DEMO_MEMBER.username), 409, 'EXISTING_USER');
  });

  it('shows the outbox to a person as an escaped page, newest first, and as JSON', async () => {
    const phone = nextPhone();
    await sent(phone);
    t.clock.advance(MINUTE);
    await sent(phone);
    const base = createSelfUrl(t.app, undefined)();
    // A message with markup in it must show as text.
    await fetch(`${base}/sandbox/sms/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: phone, text: '<script>alert(1)</script>' }),
    });
    const page = await fetch(`${base}/sandbox/sms?phone=${phone}`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/(src|href)="https?:/);
    const json = (await (await fetch(`${base}/sandbox/sms/messages?phone=${phone}`)).json()) as { messages: { text: string }[] };
    expect(json.messages).toHaveLength(3);
    expect(json.messages[0]?.text).toBe('<script>alert(1)</script>');
    expect(json.messages[1]?.text).toMatch(/^Jetton code \d{6} \(ref [A-Z]{4}\)\. Valid 5 minutes\.$/);
  });
});

describe.each(testEngines())('one-time codes when the SMS gateway is down, on the %s database', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) refuses the connection: a real network failure at the adapter.
    t = await startTestApp(engine, { sandboxBaseUrl: 'http://127.0.0.1:9' });
  });
  afterAll(() => t.close());

  it('answers OTP_SEND_FAIL, and the failed send does not count against the limits', async () => {
    const phone = nextPhone();
    expectError(await call(t, 'POST', ROUTES.account.otpSend, { phoneNumber: phone }), 502, 'OTP_SEND_FAIL');
    expectError(await call(t, 'POST', ROUTES.account.otpSend, { phoneNumber: phone }), 502, 'OTP_SEND_FAIL');
    const rows = await t.database.db.selectFrom('otp_challenges').select('id').where('phone', '=', phone).execute();
    expect(rows).toHaveLength(0);
  });
});
