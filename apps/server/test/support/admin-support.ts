import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from '@jetton/contract/admin/permissions';
import { apiPath } from '@jetton/contract/routes';
import type { AdminRoute } from '@jetton/contract/admin/routes';
import { uuidV7 } from '../../src/db/uuid-v7.ts';
import { ADMIN_COOKIE, CSRF_HEADER } from '../../src/modules/admin/admin-guard.ts';
import { createOperatorRepository } from '../../src/modules/admin/operator-repository.ts';
import { hashPassword } from '../../src/modules/auth/password-hash.ts';
import { createSigner } from '../../src/modules/auth/signer.ts';
import { nextIp } from './accounts-support.ts';
import { testConfig, type TestApp } from './test-app.ts';

/**
 * Back-office test helpers (docs/operators.md): operators made straight in the
 * database with a logged-in session, and a client that sends their cookie and
 * CSRF header.
 *
 *   const finance = await loginOperator(t, ['finance']);
 *   const res = await finance.call(ADMIN_ROUTES.withdrawals.approve, { id }, { note: 'ok' });
 *   const res2 = await finance.inject({ method: 'GET', url: '/api/admin/withdrawals?status=pending' });
 */
export const OPERATOR_PASSWORD = 'operator-pass-1234';
let sharedHash: Promise<string> | undefined;
let counter = 0;

export type AdminClient = {
  operatorId: string;
  login: string;
  sessionId: string;
  cookie: string;
  csrfToken: string;
  /** Any request with the operator's cookie and CSRF header (headers you pass win). */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A route of ADMIN_ROUTES with its `:params` filled, and a JSON body for writes. */
  call(route: AdminRoute, params?: Record<string, string>, body?: unknown, query?: Record<string, string>): Promise<LightMyRequestResponse>;
};

/** The signer the test app uses (same token secret as testConfig). */
export const testSigner = () => createSigner(testConfig().secrets.tokenSecret);

/** An operator row (active, TOTP enrolled flag off, no password change pending) without a session. */
export async function createOperator(
  t: TestApp,
  roles: Role[],
  fields: { login?: string; mustChangePassword?: boolean; passwordHash?: string } = {},
): Promise<{ id: string; login: string }> {
  sharedHash ??= hashPassword(OPERATOR_PASSWORD);
  const now = t.clock.now();
  const id = uuidV7(now);
  const login = fields.login ?? `op-${process.pid % 10000}-${++counter}`;
  await createOperatorRepository(t.database.db).insert({
    id,
    login,
    name: `Test ${roles.join('+')}`,
    passwordHash: fields.passwordHash ?? (await sharedHash),
    roles,
    mustChangePassword: fields.mustChangePassword ?? false,
    now,
  });
  return { id, login };
}

/** A client for an existing session token (e.g. one a real login set as the cookie). */
export function adminClient(t: TestApp, op: { id: string; login: string }, sessionId: string, token: string): AdminClient {
  const cookie = `${ADMIN_COOKIE}=${encodeURIComponent(token)}`;
  const csrfToken = testSigner().digest('admin-csrf', sessionId);
  const ip = nextIp();
  const inject = (options: InjectOptions) =>
    t.app.inject({ ...options, headers: { cookie, [CSRF_HEADER]: csrfToken, 'x-forwarded-for': ip, ...options.headers } });
  return {
    operatorId: op.id,
    login: op.login,
    sessionId,
    cookie,
    csrfToken,
    inject,
    call(route, params = {}, body, query) {
      const options: InjectOptions = { method: route.method, url: apiPath(route.path, params) };
      if (query) options.query = query;
      if (body !== undefined) options.payload = body as InjectOptions['payload'];
      else if (route.method !== 'GET' && route.method !== 'DELETE') options.payload = {};
      return inject(options);
    },
  };
}

/** A new operator with `roles`, already logged in (a session row and its signed cookie; no password or TOTP step). */
export async function loginOperator(
  t: TestApp,
  roles: Role[],
  fields: { login?: string; mustChangePassword?: boolean } = {},
): Promise<AdminClient> {
  const op = await createOperator(t, roles, fields);
  const now = t.clock.now();
  const sessionId = uuidV7(now);
  await createOperatorRepository(t.database.db).createSession({
    id: sessionId,
    operatorId: op.id,
    ip: null,
    now,
    expiresAt: new Date(now.getTime() + 12 * 3600_000),
  });
  return adminClient(t, op, sessionId, testSigner().sign('admin-session', sessionId));
}
