import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRouteList } from '@jetton/contract/admin/routes';
import { ROUTES } from '@jetton/contract/routes';
import { call, createMember, expectError, login, nextIp } from '../support/accounts-support.ts';
import { loginOperator } from '../support/admin-support.ts';
import { testEngines } from '../support/engines.ts';
import { mountedRoutes } from '../support/route-table.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Other spellings of the same signature bytes: padding, the spare low bits of the
 * last character set, standard base64's `+` and `/`. All decode to the same bytes.
 */
function alteredSpellings(token: string): string[] {
  const dot = token.lastIndexOf('.');
  const head = token.slice(0, dot + 1);
  const sig = token.slice(dot + 1);
  const last = BASE64URL.indexOf(sig.at(-1) ?? 'A');
  // 32 bytes in 43 characters: the last character carries 4 bits and 2 spare ones.
  const spareBits = `${sig.slice(0, -1)}${BASE64URL[last ^ 1]}`;
  const variants = [`${head}${sig}=`, `${head}${sig}==`, `${head}${spareBits}`];
  if (/[-_]/.test(sig)) variants.push(`${head}${sig.replace(/-/g, '+').replace(/_/g, '/')}`);
  return variants;
}

describe.each(testEngines())('tokens and caches on the %s database', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('accepts a session token only in the spelling it was issued in', async () => {
    const member = await createMember(t);
    // Logins until a signature holds a `-` or `_`, so the standard-alphabet spelling is tried too.
    let token = await login(t, member.phone, member.password);
    for (let i = 0; i < 8 && !/[-_]/.test(token.slice(token.lastIndexOf('.') + 1)); i++)
      token = await login(t, member.phone, member.password);
    const variants = alteredSpellings(token);
    expect(variants.length).toBeGreaterThanOrEqual(3);
    for (const variant of variants) {
      expect(Buffer.from(variant.slice(variant.lastIndexOf('.') + 1), 'base64url')).toEqual(
        Buffer.from(token.slice(token.lastIndexOf('.') + 1), 'base64url'),
      );
      expectError(await call(t, 'GET', ROUTES.account.profile, undefined, { token: variant }), 401, 'invalid-token');
    }
    expect((await call(t, 'GET', ROUTES.account.profile, undefined, { token })).statusCode).toBe(200);
  });

  it('marks every answer to a request with a token Cache-Control: no-store, success or refusal', async () => {
    const member = await createMember(t);
    const token = await login(t, member.phone, member.password);
    // The member's own data answered 200, and still no-store.
    const wallet = await call(t, 'GET', ROUTES.wallet.summary, undefined, { token });
    expect(wallet.statusCode).toBe(200);
    expect(wallet.headers['cache-control']).toBe('no-store');
    const statement = await call(t, 'POST', ROUTES.statement.list, { page: 1, limit: 10 }, { token });
    expect(statement.statusCode).toBe(200);
    expect(statement.headers['cache-control']).toBe('no-store');
    // Every route of the table, with the token (logout last: it ends the session).
    const checked: string[] = [];
    const routes = mountedRoutes(t.app).sort(
      (a, b) => Number(a.template === ROUTES.account.logout) - Number(b.template === ROUTES.account.logout),
    );
    for (const { method, template } of routes) {
      if (template === ROUTES.gameLaunchScript) continue; // a public script with its own cache policy
      const url = template.replace(/:(\w+)/g, 'pg');
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': nextIp() },
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect.soft(res.headers['cache-control'], `${method} ${url} (${res.statusCode})`).toBe('no-store');
      checked.push(`${method} ${template}`);
    }
    // The back office's answers too: its session is a cookie, its data the members'.
    const operator = await loginOperator(t, ['owner']);
    for (const route of adminRouteList().filter((r) => r.method === 'GET')) {
      const res = await operator.inject({ method: 'GET', url: route.path.replace(/:(\w+)/g, '01900000-0000-7000-8000-000000000000') });
      expect.soft(res.headers['cache-control'], `${route.path} (${res.statusCode})`).toBe('no-store');
    }
    for (const route of [
      `GET ${ROUTES.wallet.summary}`,
      `GET ${ROUTES.account.profile}`,
      `GET ${ROUTES.wallet.account}`,
      `POST ${ROUTES.statement.list}`,
    ]) {
      expect(checked).toContain(route);
    }
  });
});
