import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, ROLES, type Role } from '@jetton/contract/admin/permissions';
import { adminRouteList, type AdminRoute } from '@jetton/contract/admin/routes';
import { apiPath } from '@jetton/contract/routes';
import { createMember, login, nextIp } from '../support/accounts-support.ts';
import { loginOperator, type AdminClient } from '../support/admin-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The permission matrix (docs/operators.md, "The route table"): every admin
 * route x every role x no session x a member's token. A caller without the
 * route's permission never gets a 2xx, and is refused before the route runs.
 */
const NO_SUCH_ID = '01900000-0000-7000-8000-000000000000';
function params(route: AdminRoute): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of route.path.matchAll(/:(\w+)/g)) {
    const name = m[1] ?? '';
    out[name] = name === 'section' || name === 'name' ? 'x' : NO_SUCH_ID;
  }
  return out;
}
// Logout last: it ends the session the other calls use.
const guarded = adminRouteList()
  .filter((r) => r.access !== 'public')
  .sort((a, b) => Number(a.path.endsWith('/auth/logout')) - Number(b.path.endsWith('/auth/logout')));

describe.each(testEngines())('admin permission matrix on the %s database', (engine) => {
  let t: TestApp;
  const clients = new Map<Role, AdminClient>();
  let memberToken = '';
  beforeAll(async () => {
    t = await startTestApp(engine);
    for (const role of ROLES) clients.set(role, await loginOperator(t, [role]));
    const m = await createMember(t);
    memberToken = await login(t, m.phone, m.password);
  });
  afterAll(() => t.close());

  const registered = (route: AdminRoute) => t.app.hasRoute({ method: route.method, url: route.path });
  const anonymous = (route: AdminRoute, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: route.method,
      url: apiPath(route.path, params(route)),
      headers: { 'x-forwarded-for': nextIp(), ...headers },
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    });

  it('lists every route once, each with a known permission', () => {
    const keys = guarded.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(guarded.length).toBeGreaterThan(40);
  });

  it('puts every registered admin route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const missing = adminRouteList()
      .filter((route) => registered(route))
      .filter((route) => !doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
  });

  it('refuses every route without a session, and with a member token (401, never 2xx)', async () => {
    const unexpected: string[] = [];
    for (const route of guarded) {
      for (const [who, headers] of [
        ['no session', {}],
        ['member token', { authorization: `Bearer ${memberToken}` }],
      ] as const) {
        const res = await anonymous(route, headers);
        const expected = registered(route)
          ? res.statusCode === 401 && res.json<{ message: string }>().message === 'invalid-token'
          : res.statusCode === 404;
        if (!expected) unexpected.push(`${who}: ${route.method} ${route.path} -> ${res.statusCode}`);
      }
    }
    expect(unexpected).toEqual([]);
  });

  it('gives each role exactly its permissions: a role without one gets FORBIDDEN, never a 2xx', async () => {
    const unexpected: string[] = [];
    for (const route of guarded) {
      for (const role of ROLES) {
        const client = clients.get(role);
        if (!client) throw new Error(role);
        const res = await client.call(route, params(route));
        const allowed = route.access === 'self' || (route.access !== 'public' && hasPermission([role], route.access));
        if (allowed) {
          if (res.statusCode === 403 && res.json<{ message: string }>().message === 'FORBIDDEN')
            unexpected.push(`${role} refused ${route.method} ${route.path}`);
        } else if (res.statusCode < 300 || (registered(route) && res.statusCode !== 403)) {
          unexpected.push(`${role}: ${route.method} ${route.path} -> ${res.statusCode}`);
        }
      }
    }
    expect(unexpected).toEqual([]);
  });
});
