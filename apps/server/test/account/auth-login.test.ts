import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@jetton/contract/routes';
import { DEMO_MEMBER } from '../../src/sandbox/demo-member.ts';
import { createMemberRepository } from '../../src/modules/account/member-repository.ts';
import { createSigner } from '../../src/modules/auth/signer.ts';
import { uuidV7 } from '../../src/db/uuid-v7.ts';
import { call, createMember, expectError, login, nextIp, PASSWORD, setLookup } from '../support/accounts-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, testConfig, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;

describe.each(testEngines())('login, tokens and logout on the %s database', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const profile = (token: string) => call(t, 'GET', ROUTES.account.profile, undefined, { token });

  it('logs the seeded demo member in and the token opens the profile', async () => {
    const token = await login(t, DEMO_MEMBER.username, DEMO_MEMBER.password);
    expect(token).toMatch(/^[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/);
    const res = await profile(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: DEMO_MEMBER.username, name: DEMO_MEMBER.name, coin: 0 });
  });

  it('answers NO_USER for an unknown phone and WRONG_PASSWORD for a wrong password', async () => {
    expectError(await call(t, 'POST', ROUTES.account.login, { username: '0899999999', password: 'whatever' }), 404, 'NO_USER');
    expectError(
      await call(t, 'POST', ROUTES.account.login, { username: DEMO_MEMBER.username, password: 'wrong-pass' }),
      401,
      'WRONG_PASSWORD',
    );
  });

  it('refuses an inactive member at login (INACTIVE_USER) and stops their live token at once', async () => {
    const m = await createMember(t);
    const token = await login(t, m.phone, m.password);
    expect((await profile(token)).statusCode).toBe(200);
    await createMemberRepository(t.database.db).setStatus(m.id, 'inactive', t.clock.now());
    expectError(await profile(token), 401, 'invalid-token');
    expectError(await call(t, 'POST', ROUTES.account.login, { username: m.phone, password: m.password }), 403, 'INACTIVE_USER');
  });

  it('locks the phone for 15 minutes after 5 wrong passwords in 15 minutes, then lets the member in', async () => {
    const m = await createMember(t);
    for (let i = 0; i < 5; i++) {
      t.clock.advance(MINUTE);
      expectError(await call(t, 'POST', ROUTES.account.login, { username: m.phone, password: `wrong-${i}` }), 401, 'WRONG_PASSWORD');
    }
    // Locked: even the right password is refused, without a hash being computed, and the answer says for how long.
    const locked = await call(t, 'POST', ROUTES.account.login, { username: m.phone, password: m.password });
    expect({ status: locked.statusCode, body: locked.json<unknown>(), retryAfter: locked.headers['retry-after'] }).toEqual({
      status: 429,
      body: { message: 'LOGIN_LOCKED', retryAfterSeconds: 900 },
      retryAfter: '900',
    });
    t.clock.advance(14 * MINUTE);
    const later = await call(t, 'POST', ROUTES.account.login, { username: m.phone, password: m.password });
    expect({ status: later.statusCode, body: later.json<unknown>(), retryAfter: later.headers['retry-after'] }).toEqual({
      status: 429,
      body: { message: 'LOGIN_LOCKED', retryAfterSeconds: 60 },
      retryAfter: '60',
    });
    t.clock.advance(MINUTE + 1_000);
    expect(await login(t, m.phone, m.password)).toBeTruthy();
    // Another phone was never affected.
    expect(await login(t, DEMO_MEMBER.username, DEMO_MEMBER.password)).toBeTruthy();
  });

  it('does not lock when the wrong passwords are spread over more than 15 minutes', async () => {
    const m = await createMember(t);
    for (let i = 0; i < 6; i++) {
      t.clock.advance(4 * MINUTE);
      expectError(await call(t, 'POST', ROUTES.account.login, { username: m.phone, password: 'nope-nope' }), 401, 'WRONG_PASSWORD');
    }
    expect(await login(t, m.phone, m.password)).toBeTruthy();
  });

  it('logout ends every session of the member, and only theirs, keeping none of them', async () => {
    const m = await createMember(t);
    const other = await createMember(t);
    const [first, second] = [await login(t, m.phone, PASSWORD), await login(t, m.phone, PASSWORD)];
    const otherToken = await login(t, other.phone, PASSWORD);
    const res = await call(t, 'POST', ROUTES.account.logout, undefined, { token: first });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'OK' });
    expectError(await profile(first), 401, 'invalid-token');
    expectError(await profile(second), 401, 'invalid-token');
    expectError(await call(t, 'POST', ROUTES.account.logout, undefined, { token: first }), 401, 'invalid-token');
    expect((await profile(otherToken)).statusCode).toBe(200);
    const sessionsOf = async (memberId: string) =>
      (await t.database.db.selectFrom('sessions').select('id').where('member_id', '=', memberId).execute()).length;
    expect(await sessionsOf(m.id)).toBe(0);
    expect(await sessionsOf(other.id)).toBe(1);
    // A new login works as before.
    expect((await profile(await login(t, m.phone, PASSWORD))).statusCode).toBe(200);
  });

  it('many members calling at once each get their own session, and ended ones among them are refused', async () => {
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => createMember(t)));
    const tokens = await Promise.all(members.map((m) => login(t, m.phone, PASSWORD)));
    const loggedOut = await createMember(t);
    const loggedOutToken = await login(t, loggedOut.phone, PASSWORD);
    expect((await call(t, 'POST', ROUTES.account.logout, undefined, { token: loggedOutToken })).statusCode).toBe(200);
    const deactivated = await createMember(t);
    const deactivatedToken = await login(t, deactivated.phone, PASSWORD);
    await createMemberRepository(t.database.db).setStatus(deactivated.id, 'inactive', t.clock.now());
    // Their session reads share statements (gathered), a member's own token twice among them.
    const calls = [...tokens, tokens[0] as string, loggedOutToken, deactivatedToken, ...tokens].map((token) => profile(token));
    const answers = (await Promise.all(calls)).map((res) =>
      res.statusCode === 200 ? res.json<{ username: string }>().username : res.json<{ message: string }>().message,
    );
    const phones = members.map((m) => m.phone);
    expect(answers).toEqual([...phones, phones[0], 'invalid-token', 'invalid-token', ...phones]);
  });

  it('answers 401 invalid-token for a missing, malformed, forged, unknown or expired token', async () => {
    const token = await login(t, DEMO_MEMBER.username, DEMO_MEMBER.password);
    const [id, exp] = token.split('.');
    const otherSecret = createSigner('another-secret-another-secret-another-secret');
    const ours = createSigner(testConfig().secrets.tokenSecret);
    const bad = [
      undefined,
      'not-a-token',
      `${token.slice(0, -2)}AA`,
      otherSecret.sign('session', `${id}.${exp}`),
      // Signed by us, but for a session that does not exist.
      ours.sign('session', `${uuidV7()}.${exp}`),
      // Our signature for another purpose (an OTP token) is not a session token.
      ours.sign('otp', `${id}.${exp}`),
      // A later expiry than the one signed.
      `${id}.${Number(exp) + 86_400}.${token.split('.')[2]}`,
    ];
    for (const candidate of bad) expectError(await profile(candidate as string), 401, 'invalid-token');
    const noScheme = await t.app.inject({ url: ROUTES.account.profile, headers: { authorization: token } });
    expectError(noScheme, 401, 'invalid-token');

    expect((await profile(token)).statusCode).toBe(200);
    t.clock.advance(7 * 24 * 60 * MINUTE + 1_000);
    expectError(await profile(token), 401, 'invalid-token');
  });

  it('answers 503 gone on member calls while the service is closed', async () => {
    const token = await login(t, DEMO_MEMBER.username, DEMO_MEMBER.password);
    await setLookup(t, 'active', { status: 'gone' });
    try {
      expectError(await profile(token), 503, 'gone');
      expectError(await call(t, 'POST', ROUTES.account.logout, undefined, { token }), 503, 'gone');
      expectError(await profile('no-token-at-all'), 503, 'gone');
    } finally {
      await setLookup(t, 'active', { status: 'active' });
    }
    expect((await profile(token)).statusCode).toBe(200);
  });

  describe('error envelope through POST /api/login', () => {
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: ROUTES.account.login,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
        payload,
      });

    it('answers malformed JSON with 400 KEY_INVALID', async () => {
      expectError(await post('{"username": "0812345678", '), 400, 'KEY_INVALID');
    });

    it('answers a missing field with 400 KEY_MISSING', async () => {
      expectError(await post(JSON.stringify({ username: '0812345678' })), 400, 'KEY_MISSING');
      expectError(await post(JSON.stringify({ username: '0812345678', password: '' })), 400, 'KEY_MISSING');
    });

    it('answers a field of the wrong type with 400 KEY_INVALID', async () => {
      expectError(await post(JSON.stringify({ username: 812345678, password: 'demo1234' })), 400, 'KEY_INVALID');
      expectError(await post(JSON.stringify({ username: ['0812345678'], password: 'demo1234' })), 400, 'KEY_INVALID');
    });

    it('answers a body over 256 KiB with 413 PAYLOAD_TOO_LARGE', async () => {
      const big = JSON.stringify({ username: '0812345678', password: 'x'.repeat(257 * 1024) });
      expectError(await post(big), 413, 'PAYLOAD_TOO_LARGE');
    });

    it('limits logins per client IP (429 REQUEST_LIMIT)', async () => {
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const res = await call(t, 'POST', ROUTES.account.login, { username: '0899999998', password: 'x' }, { ip });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expectError(res, 429, 'REQUEST_LIMIT');
      }
      expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
      expect(statuses[30]).toBe(429);
    });
  });
});
