import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminLoginResponse } from '@jetton/contract/admin/auth';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { ROUTES } from '@jetton/contract/routes';
import { buildApp } from '../../src/app.ts';
import { DEMO_MEMBER } from '../../src/sandbox/demo-member.ts';
import { ADMIN_COOKIE } from '../../src/modules/admin/admin-guard.ts';
import { verifyAuditChain } from '../../src/modules/admin/audit-log.ts';
import { DEMO_OPERATORS, DEMO_TOTP_SECRET } from '../../src/modules/admin/operator-setup.ts';
import { hashPassword } from '../../src/modules/auth/password-hash.ts';
import { prepareDatabase } from '../../src/start-up.ts';
import { nextIp } from '../support/accounts-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, testConfig, type TestApp } from '../support/test-app.ts';
import { TEST_AUDIT_KEYS } from '../support/audit-support.ts';

/**
 * A database first started with the sandbox on (demo operators and member, credentials published in
 * the README), then started with SANDBOX=off: those accounts open nothing any more
 * (docs/security.md, "Sandbox accounts"). `t` is the node as it ran in the sandbox; `off` a node of
 * the real deployment on the same database.
 */
describe.each(testEngines())('the sandbox accounts after SANDBOX=off on the %s database', (engine) => {
  let t: TestApp;
  let off: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp(engine);
    off = await buildApp({
      config: testConfig({ sandbox: false }),
      db: t.database.db,
      engine: t.database.engine,
      clock: t.clock,
      logger: false,
      startJobs: false,
    });
    await off.ready();
  });
  afterAll(async () => {
    await off.close();
    await t.close();
  });

  const start = (sandbox: boolean) =>
    prepareDatabase(t.database.db, engine, {
      sandbox,
      tokenSecret: testConfig().secrets.tokenSecret,
      ownerPassword: 'first-owner-password',
      now: t.clock.now(),
    });
  const post = (app: FastifyInstance, url: string, payload: object) =>
    app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': nextIp() } });
  const answer = (res: { statusCode: number; json: <T>() => T }) => ({ status: res.statusCode, body: res.json<unknown>() });
  const inactive = { status: 403, body: { message: 'INACTIVE_USER' } };
  const memberLogin = (app: FastifyInstance, password: string = DEMO_MEMBER.password) =>
    post(app, ROUTES.account.login, { username: DEMO_MEMBER.username, password });

  // A dozen password checks (scrypt, deliberately slow): 150 s on a loaded 2-core machine, so a generous limit.
  it(
    'disables the demo operators and member once, ends their sessions, and the published password and TOTP secret open nothing',
    { timeout: 300_000 },
    async () => {
      expect(await start(true)).toMatchObject({ sandboxDisabled: null });

      // In the sandbox: the demo owner logs in without a code, the demo member with the published password.
      const owner = await post(t.app, ADMIN_ROUTES.auth.login.path, { login: 'demo-owner', password: 'demo-owner-pass' });
      expect(owner.json<TAdminLoginResponse>()).toMatchObject({ step: 'done' });
      const ownerCookie = `${ADMIN_COOKIE}=${encodeURIComponent(owner.cookies.find((c) => c.name === ADMIN_COOKIE)?.value ?? '')}`;
      const memberLoggedIn = await memberLogin(t.app);
      expect(memberLoggedIn.statusCode, memberLoggedIn.body).toBe(200);
      const memberToken = memberLoggedIn.json<{ token: string }>().token;
      const ownerMe = (app: FastifyInstance) =>
        app.inject({ method: 'GET', url: ADMIN_ROUTES.auth.me.path, headers: { cookie: ownerCookie } });
      const memberProfile = (app: FastifyInstance) =>
        app.inject({ method: 'GET', url: ROUTES.account.profile, headers: { authorization: `Bearer ${memberToken}` } });
      expect((await ownerMe(off)).statusCode).toBe(200);
      expect((await memberProfile(off)).statusCode).toBe(200);
      // What a real deployment on that database offered before: the published secret's code as the second step.
      const step1 = await post(off, ADMIN_ROUTES.auth.login.path, { login: 'demo-finance', password: 'demo-finance-pass' });
      const challenge = step1.json<TAdminLoginResponse>();
      if (challenge.step !== 'totp') throw new Error(`expected the code step, got ${step1.body}`);

      // The start with the sandbox off.
      const { sandboxDisabled } = await start(false);
      expect(sandboxDisabled).toEqual({ operators: DEMO_OPERATORS.map((d) => d.login).sort(), member: DEMO_MEMBER.username });

      for (const demo of DEMO_OPERATORS)
        expect(answer(await post(off, ADMIN_ROUTES.auth.login.path, { login: demo.login, password: demo.password }))).toEqual(inactive);
      const code = await generate({ secret: DEMO_TOTP_SECRET, epoch: Math.floor(t.clock.now().getTime() / 1000) });
      expect(answer(await post(off, ADMIN_ROUTES.auth.totp.path, { challenge: challenge.challenge, code }))).toEqual(inactive);
      expect(answer(await memberLogin(off))).toEqual(inactive);
      // Their sessions opened before are dead, on any node.
      expect((await ownerMe(off)).statusCode).toBe(401);
      expect((await ownerMe(t.app)).statusCode).toBe(401);
      expect((await memberProfile(off)).statusCode).toBe(401);

      // Recorded once, as the system; a second start (or another node) finds nothing to do.
      expect(await start(false)).toMatchObject({ sandboxDisabled: { operators: [], member: null } });
      const rows = await t.database.db
        .selectFrom('audit_log')
        .select(['action', 'operator_id', 'member_id'])
        .where('action', 'like', '%.sandbox-disable')
        .execute();
      expect(rows.filter((r) => r.action === 'operator.sandbox-disable')).toHaveLength(DEMO_OPERATORS.length);
      expect(rows.filter((r) => r.action === 'member.sandbox-disable')).toHaveLength(1);
      expect(rows.every((r) => r.operator_id === null)).toBe(true);
      expect(await verifyAuditChain(t.database.db, TEST_AUDIT_KEYS)).toMatchObject({ ok: true });
    },
  );

  it(
    'leaves alone a real member who holds the demo phone number with their own bank account and password',
    { timeout: 60_000 },
    async () => {
      const db = t.database.db;
      await db
        .updateTable('members')
        .set({ status: 'active', bank_code: 'SCB', bank_account_no: '9876543210', password_hash: await hashPassword('their-own-pass') })
        .where('phone', '=', DEMO_MEMBER.username)
        .execute();
      expect(await start(false)).toMatchObject({ sandboxDisabled: { member: null } });
      expect((await memberLogin(off, 'their-own-pass')).statusCode).toBe(200);
    },
  );
});
