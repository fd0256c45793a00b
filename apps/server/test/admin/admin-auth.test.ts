import { generate } from 'otplib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import type { TAdminLoginResponse, TAdminSessionResponse } from '@jetton/contract/admin/auth';
import { ADMIN_COOKIE } from '../../src/modules/admin/admin-guard.ts';
import { verifyAuditChain } from '../../src/modules/admin/audit-log.ts';
import { expectError, nextIp } from '../support/accounts-support.ts';
import { tamperAuditLog, TEST_AUDIT_KEYS } from '../support/audit-support.ts';
import { adminClient, createOperator, loginOperator, OPERATOR_PASSWORD, testSigner, type AdminClient } from '../support/admin-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;

describe.each(testEngines())('operator login, TOTP, lockout and the audit chain on the %s database', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, ip = nextIp()) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': ip } });
  const code = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });

  /** Login, enrol with the first code: the session answer and its client, plus the secret. */
  async function enrolled(roles: Parameters<typeof createOperator>[1] = ['owner']) {
    const op = await createOperator(t, roles);
    const step1 = await post(ADMIN_ROUTES.auth.login.path, { login: op.login, password: OPERATOR_PASSWORD });
    expect(step1.statusCode, step1.body).toBe(200);
    const answer = step1.json<TAdminLoginResponse>();
    if (answer.step !== 'enrol') throw new Error(`expected enrol, got ${answer.step}`);
    expect(answer.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(answer.qrSvg).toContain('<svg');
    const step2 = await post(ADMIN_ROUTES.auth.enrol.path, { challenge: answer.challenge, code: await code(answer.secret) });
    expect(step2.statusCode, step2.body).toBe(200);
    const session = step2.json<TAdminSessionResponse>();
    const cookie = step2.cookies.find((c) => c.name === ADMIN_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    const sessionId = testSigner().verify('admin-session', cookie?.value ?? '');
    if (!sessionId) throw new Error('no session cookie');
    return { op, secret: answer.secret, session, client: adminClient(t, op, sessionId, cookie?.value ?? '') };
  }

  it('logs in with password then TOTP enrolment; recovery codes are given once; me answers with the CSRF token', async () => {
    const { session, client } = await enrolled();
    expect(session.recoveryCodes).toHaveLength(10);
    expect(session.me.permissions).toContain('operators.manage');
    const me = await client.call(ADMIN_ROUTES.auth.me);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json<TAdminSessionResponse>().csrfToken).toBe(session.csrfToken);
    expect(me.json<TAdminSessionResponse>().recoveryCodes).toBeUndefined();
  });

  it('asks for a code at the next login; a code works once; a wrong one is refused', async () => {
    const { op, secret } = await enrolled(['finance']);
    t.clock.advance(MINUTE);
    const login = async () => {
      const res = await post(ADMIN_ROUTES.auth.login.path, { login: op.login, password: OPERATOR_PASSWORD });
      const answer = res.json<TAdminLoginResponse>();
      if (answer.step !== 'totp') throw new Error(res.body);
      return answer.challenge;
    };
    const challenge = await login();
    expectError(
      await post(ADMIN_ROUTES.auth.totp.path, { challenge, code: '000000' === (await code(secret)) ? '111111' : '000000' }),
      422,
      'OTP_CODE_INVALID',
    );
    const good = await code(secret);
    expect((await post(ADMIN_ROUTES.auth.totp.path, { challenge, code: good })).statusCode).toBe(200);
    // The same code again (a replay) is refused.
    expectError(await post(ADMIN_ROUTES.auth.totp.path, { challenge: await login(), code: good }), 422, 'OTP_CODE_INVALID');
  });

  it('takes a recovery code once', async () => {
    const { op, session } = await enrolled(['viewer']);
    const recovery = session.recoveryCodes?.[3] ?? '';
    const challenge = async () =>
      (await post(ADMIN_ROUTES.auth.login.path, { login: op.login, password: OPERATOR_PASSWORD })).json<{ challenge: string }>().challenge;
    const first = await post(ADMIN_ROUTES.auth.totp.path, { challenge: await challenge(), recoveryCode: recovery.toUpperCase() });
    expect(first.statusCode, first.body).toBe(200);
    expectError(await post(ADMIN_ROUTES.auth.totp.path, { challenge: await challenge(), recoveryCode: recovery }), 422, 'OTP_CODE_INVALID');
  });

  it('locks the login after repeated failures, whatever the password, until the lock ends', async () => {
    const op = await createOperator(t, ['support']);
    for (let i = 0; i < 5; i++)
      expectError(await post(ADMIN_ROUTES.auth.login.path, { login: op.login, password: 'wrong-password' }), 401, 'WRONG_CREDENTIAL');
    expectError(await post(ADMIN_ROUTES.auth.login.path, { login: op.login, password: OPERATOR_PASSWORD }), 429, 'REQUEST_LIMIT');
    t.clock.advance(16 * MINUTE);
    expect((await post(ADMIN_ROUTES.auth.login.path, { login: op.login, password: OPERATOR_PASSWORD })).statusCode).toBe(200);
    // An unknown login answers like a wrong password.
    expectError(await post(ADMIN_ROUTES.auth.login.path, { login: 'nobody-here', password: 'whatever-pass' }), 401, 'WRONG_CREDENTIAL');
  });

  it('ends a session after the idle timeout, and refuses a write without the CSRF header', async () => {
    const c = await loginOperator(t, ['viewer']);
    expect((await c.call(ADMIN_ROUTES.auth.me)).statusCode).toBe(200);
    expectError(
      await c.inject({ method: 'POST', url: ADMIN_ROUTES.auth.logout.path, headers: { 'x-csrf-token': 'nope' } }),
      403,
      'CSRF_INVALID',
    );
    t.clock.advance(16 * MINUTE);
    expectError(await c.call(ADMIN_ROUTES.auth.me), 401, 'invalid-token');
  });

  it('an owner creates, disables and resets operators; a disabled operator is out at once; no one disables themselves', async () => {
    const owner = await loginOperator(t, ['owner']);
    const created = await owner.call(
      ADMIN_ROUTES.operators.create,
      {},
      { login: `fin-${Date.now() % 100000}`, name: 'Fin', roles: ['finance'] },
    );
    expect(created.statusCode, created.body).toBe(200);
    const { operator, temporaryPassword } = created.json<{ operator: { id: string; login: string }; temporaryPassword: string }>();
    expect(temporaryPassword).toHaveLength(14);
    const victim = await loginOperator(t, ['support']);
    expect((await victim.call(ADMIN_ROUTES.auth.me)).statusCode).toBe(200);
    expect((await owner.call(ADMIN_ROUTES.operators.update, { id: victim.operatorId }, { active: false })).statusCode).toBe(200);
    expectError(await victim.call(ADMIN_ROUTES.auth.me), 401, 'invalid-token');
    expect((await owner.call(ADMIN_ROUTES.operators.reset, { id: operator.id })).statusCode).toBe(200);
    expectError(await owner.call(ADMIN_ROUTES.operators.update, { id: owner.operatorId }, { active: false }), 403, 'FORBIDDEN');
  });

  it('a reset operator must change the password before anything but their own account', async () => {
    const c = await loginOperator(t, ['owner'], { mustChangePassword: true });
    expectError(await c.call(ADMIN_ROUTES.operators.list), 403, 'PASSWORD_CHANGE_REQUIRED');
    const changed = await c.call(ADMIN_ROUTES.auth.password, {}, { oldPassword: OPERATOR_PASSWORD, newPassword: 'a-new-password-9' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await c.call(ADMIN_ROUTES.operators.list)).statusCode).toBe(200);
  });

  it('keeps every action in the audit chain; the check passes, and fails once a row is edited', async () => {
    const owner = await loginOperator(t, ['owner']);
    const verify = await owner.call(ADMIN_ROUTES.audit.verify);
    expect(verify.statusCode, verify.body).toBe(200);
    const before = verify.json<{ ok: boolean; rows: number }>();
    expect(before.ok).toBe(true);
    expect(before.rows).toBeGreaterThan(5);
    const list = await owner.call(ADMIN_ROUTES.audit.list, {}, undefined, { action: 'auth.login' });
    expect(list.json<{ entries: { action: string }[] }>().entries.length).toBeGreaterThan(0);
    await tamperAuditLog(t.database.db, sql`update audit_log set after = '{"login":"someone-else"}' where seq = 2`);
    expect(await verifyAuditChain(t.database.db, TEST_AUDIT_KEYS)).toMatchObject({ ok: false, firstBadSeq: 2 });
    expect((await owner.call(ADMIN_ROUTES.audit.verify)).json()).toMatchObject({ ok: false, firstBadSeq: 2 });
  });
});

export type { AdminClient };
