import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRouteList } from '@jetton/contract/admin/routes';
import { ROUTES } from '@jetton/contract/routes';
import { CSRF_HEADER } from '../../src/modules/admin/admin-guard.ts';
import { call, createMember, login, nextIp, nextPhone, readOtpCode } from '../support/accounts-support.ts';
import { loginOperator, type AdminClient } from '../support/admin-support.ts';
import { testEngines } from '../support/engines.ts';
import { METHODS, routeTemplates, type Method } from '../support/route-table.ts';
import { startTestApp, testConfig, type TestApp } from '../support/test-app.ts';

/**
 * Hostile input against every route of the contract's route table (docs/security.md,
 * "Hostile input"): a NUL byte in each string field and path parameter, over-long
 * strings, a 1 MB body, malformed multipart. No answer is a 5xx, and every refusal is
 * `{ "message": CODE }` with the security headers.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minimum?: number;
  default?: unknown;
};
type OpenApi = { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>> };

/** A field's kind from its JSON schema (as the OpenAPI document shows the contract's zod schema). */
function isStringField(schema: JsonSchema): boolean {
  if (schema.anyOf) return schema.anyOf.some(isStringField);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('string') && !schema.enum;
}

/** A plausible value per field, so the hostile field is the one that decides. */
function plausible(name: string, schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return plausible(name, schema.anyOf.find((s) => s.type !== 'null') ?? {});
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return Math.max(schema.minimum ?? 0, 10_000);
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return SAMPLE_TEXT[name] ?? 'abc';
}

/** Realistic values for fields whose rules a placeholder would fail before the hostile one is looked at. */
const SAMPLE_TEXT: Record<string, string> = {
  name: 'Malee Srisuk',
  password: 'secret-99',
  newPassword: 'secret-100',
  oldPassword: 'pass-1234',
  bankCode: 'SCB',
  bankAccountName: 'MALEE SRISUK',
  bankAccountNo: '1234567890',
  otpCode: '123456',
};

/** A route of a contract table: the member API (`ROUTES`) or the back office (`ADMIN_ROUTES`, sent with an operator session). */
type Route = { method: Method; template: string; bodyFields: Record<string, JsonSchema> | undefined; admin: boolean };

const headerNames = ['x-content-type-options', 'x-frame-options', 'referrer-policy'] as const;

/** The house shape for every refusal, with the security headers and no framework leftovers. */
function expectHouseAnswer(longWhat: string, status: number, headers: Record<string, unknown>, longBody: string): void {
  const what = longWhat.slice(0, 100);
  const body = longBody.slice(0, 160);
  expect.soft(status, `${what}: ${body}`).toBeGreaterThan(0);
  expect.soft(status, `${what}: ${body}`).toBeLessThan(500);
  expect.soft(headers['x-powered-by'], what).toBeUndefined();
  for (const name of headerNames) expect.soft(headers[name], `${what}: ${name}`).toBeTruthy();
  if (status >= 400 && status < 500) {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    expect.soft(Object.keys(parsed), `${what}: ${body}`).toEqual(['message']);
    expect.soft(parsed.message, `${what}: ${body}`).toMatch(/^[A-Za-z0-9_-]+$/);
  }
}

/** Raw HTTP, so a dropped connection shows as a failure and the server reads what a client really sends. */
function rawRequest(
  port: number,
  options: { method: string; path: string; headers?: Record<string, string | number>; body?: Buffer | string },
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers };
    // Node sends no length for a DELETE body by itself; a real client does.
    if (options.body !== undefined) headers['content-length'] = Buffer.byteLength(options.body);
    const req = httpRequest({ host: '127.0.0.1', port, method: options.method, path: options.path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    // A dropped connection is an answer too: status 0, so the test names the route instead of stopping.
    req.on('error', (error) => resolve({ status: 0, headers: {}, body: String(error) }));
    req.end(options.body);
  });
}

/** Bytes straight onto a socket, for requests no HTTP client would write; answers what comes back. */
function rawSocket(port: number, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
    socket.on('error', () => undefined);
  });
}

describe.each(testEngines())('hostile input on the %s database', (engine) => {
  let t: TestApp;
  let token: string;
  let port: number;
  let routes: Route[];
  /** A phone whose code was verified, so registration reaches the database. */
  let verifiedPhone: string;
  /** An owner's back-office session: the admin routes are contract routes too. */
  let operator: AdminClient;
  /** This app's own data directory: uploads land under it, so a refusal must leave it as it was. */
  const dataDir = `${testConfig().dataDir}-hostile-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    t = await startTestApp(engine, { dataDir });
    port = (t.app.server.address() as AddressInfo).port;
    const member = await createMember(t);
    token = await login(t, member.phone, member.password);
    verifiedPhone = nextPhone();
    const sent = await call(t, 'POST', ROUTES.account.otpSend, { phoneNumber: verifiedPhone });
    const { code } = await readOtpCode(t, verifiedPhone);
    await call(t, 'POST', ROUTES.account.otpVerify, { otpToken: sent.json<{ otpToken: string }>().otpToken, otpCode: code });

    operator = await loginOperator(t, ['owner']);

    const doc = t.app.swagger() as unknown as OpenApi;
    const bodyOf = (method: Method, template: string) =>
      doc.paths[template.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema
        ?.properties;
    routes = [];
    for (const template of routeTemplates()) {
      for (const method of METHODS) {
        if (t.app.hasRoute({ method, url: template }))
          routes.push({ method, template, bodyFields: bodyOf(method, template), admin: false });
      }
    }
    for (const { method, path } of adminRouteList()) {
      if (t.app.hasRoute({ method, url: path })) routes.push({ method, template: path, bodyFields: bodyOf(method, path), admin: true });
    }
    // Ending a session last, so every other route is tried with a live one.
    routes.sort((a, b) => Number(a.template.includes('logout')) - Number(b.template.includes('logout')));
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const paramsOf = (template: string): string[] => [...template.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  /** Path parameters filled with plausible values (a game code; a well-formed id), so the hostile part decides. */
  const fill = (template: string, values: Record<string, string>): string =>
    template.replace(/:(\w+)/g, (_, key: string) => values[key] ?? (/id$/i.test(key) ? '01900000-0000-7000-8000-000000000000' : 'pg'));

  /** The caller's credentials for a route: the member's bearer token, or the operator's cookie and CSRF header. */
  const credentials = (route: Route): Record<string, string> => ({
    ...(route.admin ? { cookie: operator.cookie, [CSRF_HEADER]: operator.csrfToken } : { authorization: `Bearer ${token}` }),
    'x-forwarded-for': nextIp(),
    'idempotency-key': randomUUID(),
  });

  async function send(
    route: Route,
    path: string,
    body: unknown,
  ): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
    const headers = credentials(route);
    const payload = body === undefined || route.method === 'GET' ? undefined : JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    return rawRequest(port, { method: route.method, path, headers, body: payload });
  }

  function baseBody(route: Route): Record<string, unknown> {
    const body: Record<string, unknown> = {};
    for (const [name, schema] of Object.entries(route.bodyFields ?? {})) body[name] = plausible(name, schema);
    if (route.template === ROUTES.account.register || route.template === ROUTES.account.validate) body.username = verifiedPhone;
    if (route.template === ROUTES.account.otpSend) body.phoneNumber = nextPhone();
    return body;
  }

  it('finds the route table mounted, with request bodies from the contract', () => {
    expect.soft(routes.length).toBeGreaterThan(30);
    expect.soft(routes.find((r) => r.template === ROUTES.account.register)?.bodyFields).toHaveProperty('name');
    expect.soft(routes.some((r) => r.template === ROUTES.wallet.activate)).toBe(true);
  });

  it('refuses a NUL byte in every string field with 400, and never answers 5xx', async () => {
    const refused: string[] = [];
    for (const route of routes) {
      for (const [field, schema] of Object.entries(route.bodyFields ?? {})) {
        if (!isStringField(schema)) continue;
        const body = { ...baseBody(route), [field]: `ab\u0000cd` };
        const res = await send(route, fill(route.template, {}), body);
        const what = `${route.method} ${route.template} ${field}`;
        expectHouseAnswer(what, res.status, res.headers, res.body);
        // 400, or the field's own bad-input code where the catalogue gives it 422 (OTP_CODE_INVALID).
        if (res.status !== 401) expect.soft([400, 422], `${what}: ${res.body}`).toContain(res.status);
        refused.push(what);
      }
    }
    expect.soft(refused).toContain(`POST ${ROUTES.account.register} name`);
    expect.soft(refused).toContain(`POST ${ROUTES.account.login} username`);
  });

  it('refuses a NUL byte (%00) in every path parameter with 400', async () => {
    let checked = 0;
    for (const route of routes) {
      for (const param of paramsOf(route.template)) {
        const path = fill(route.template, { [param]: 'pg%00x' });
        const res = await send(route, path, route.method === 'GET' ? undefined : baseBody(route));
        const what = `${route.method} ${path}`;
        expectHouseAnswer(what, res.status, res.headers, res.body);
        expect.soft(res.status, `${what}: ${res.body}`).toBe(400);
        expect.soft(res.body).not.toContain('pg');
        checked++;
      }
    }
    expect.soft(checked).toBeGreaterThan(8);
  });

  it('refuses over-long strings in every field and path parameter without a 5xx', async () => {
    for (const route of routes) {
      for (const [field, schema] of Object.entries(route.bodyFields ?? {})) {
        if (!isStringField(schema)) continue;
        const res = await send(route, fill(route.template, {}), { ...baseBody(route), [field]: 'x'.repeat(5000) });
        const what = `${route.method} ${route.template} ${field} (5000 chars)`;
        expectHouseAnswer(what, res.status, res.headers, res.body);
        if (res.status !== 401) expect.soft(res.status, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
      }
      for (const param of paramsOf(route.template)) {
        for (const length of [99, 101, 5000]) {
          const path = fill(route.template, { [param]: 'y'.repeat(length) });
          const res = await send(route, path, route.method === 'GET' ? undefined : baseBody(route));
          const what = `${route.method} ${route.template} :${param} (${length} chars)`;
          expectHouseAnswer(what, res.status, res.headers, res.body);
          expect.soft(res.body, what).not.toContain('yyyy');
        }
      }
    }
  });

  it('answers a 1 MB body on every route that takes one with 413 PAYLOAD_TOO_LARGE, never a dropped connection', async () => {
    const big = 'z'.repeat(1024 * 1024);
    for (const route of routes) {
      if (route.method === 'GET') continue;
      const fields = Object.keys(route.bodyFields ?? {});
      const body = JSON.stringify({ ...baseBody(route), [fields[0] ?? 'name']: big });
      const res = await rawRequest(port, {
        method: route.method,
        path: fill(route.template, {}),
        headers: { 'content-type': 'application/json', ...credentials(route) },
        body,
      });
      const what = `${route.method} ${route.template} (1 MB)`;
      expectHouseAnswer(what, res.status, res.headers, res.body);
      if (res.status !== 401 && res.status !== 404)
        expect.soft({ what, status: res.status, body: res.body }).toEqual({ what, status: 413, body: '{"message":"PAYLOAD_TOO_LARGE"}' });
    }
  });

  it('maps the framework refusals made before a route runs to the house shape, without echoing the path', async () => {
    const cases: { path: string; method?: string; headers?: Record<string, string>; body?: string; status: number }[] = [
      { path: `/api/wallet/activate/${'p'.repeat(200)}`, status: 414 },
      { path: '/api/wallet/activate/%E0%A4%A', status: 400 },
      { path: '/api/lookup/%zz', status: 400 },
      { path: ROUTES.account.login, method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<a/>', status: 415 },
      { path: ROUTES.account.login, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":', status: 400 },
      { path: ROUTES.account.login, method: 'POST', headers: { 'content-type': 'application/json' }, body: '', status: 400 },
      {
        path: ROUTES.account.login,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"__proto__":{"a":1}}',
        status: 400,
      },
    ];
    for (const c of cases) {
      const res = await rawRequest(port, {
        method: c.method ?? 'GET',
        path: c.path,
        headers: { 'x-forwarded-for': nextIp(), ...c.headers },
        body: c.body,
      });
      const what = `${c.method ?? 'GET'} ${c.path}`;
      expectHouseAnswer(what, res.status, res.headers, res.body);
      expect.soft(res.status, `${what}: ${res.body}`).toBe(c.status);
      expect.soft(res.body).not.toMatch(/ppp|%zz|%E0|FST_/);
    }
  });

  it('answers a request the HTTP parser cannot read in the house shape with the security headers', async () => {
    for (const bytes of [
      'GET /api/lookup/banks HTTP/1.1\r\nHost: a\r\nBroken header line\r\n\r\n',
      `GET /api/lookup/banks HTTP/1.1\r\nHost: a\r\nX-Big: ${'h'.repeat(20_000)}\r\n\r\n`,
    ]) {
      const answer = await rawSocket(port, bytes);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect.soft(head).toMatch(/^HTTP\/1\.1 4\d\d /);
      expect.soft(head.toLowerCase()).toContain('x-content-type-options: nosniff');
      expect.soft(body).toBe('{"message":"KEY_INVALID"}');
    }
  });

  it('answers a malformed multipart body on every route without a 5xx', async () => {
    const body = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc';
    for (const route of routes) {
      if (route.method === 'GET') continue;
      const res = await rawRequest(port, {
        method: route.method,
        path: fill(route.template, {}),
        headers: { 'content-type': 'multipart/form-data; boundary=x', ...credentials(route) },
        body,
      });
      const what = `${route.method} ${route.template} (malformed multipart)`;
      expectHouseAnswer(what, res.status, res.headers, res.body);
      expect.soft(res.status, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
    }
  });

  it('answers malformed multipart on the slip upload with 400 and a code, leaving nothing on disk', async () => {
    const uploads = dataDir;
    const before = await readdir(uploads, { recursive: true }).catch(() => []);
    const longBoundary = 'b'.repeat(300);
    const cases: { type: string; body: string }[] = [
      { type: 'multipart/form-data', body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n' },
      {
        type: 'multipart/form-data; boundary=x',
        body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNGabc',
      },
      {
        type: `multipart/form-data; boundary=${longBoundary}`,
        body: `--${longBoundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n--${longBoundary}--\r\n`,
      },
      { type: 'multipart/form-data; boundary=x', body: 'garbage without any boundary at all' },
      { type: 'multipart/form-data; boundary=x', body: '--x\r\nno headers here\r\n--x--\r\n' },
    ];
    for (const c of cases) {
      const res = await rawRequest(port, {
        method: 'POST',
        path: ROUTES.wallet.slip,
        headers: { 'content-type': c.type, authorization: `Bearer ${token}`, 'x-forwarded-for': nextIp() },
        body: Buffer.from(c.body, 'latin1'),
      });
      const what = `slip upload ${c.type.slice(0, 40)} ${c.body.slice(0, 30)}`;
      expectHouseAnswer(what, res.status, res.headers, res.body);
      expect.soft(res.status, `${what}: ${res.body}`).toBe(400);
    }
    const after = await readdir(uploads, { recursive: true }).catch(() => []);
    expect.soft(after).toEqual(before);
  });
});
