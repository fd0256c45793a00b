import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** A stand-in web build: index.html and one hashed asset. */
async function fakeWebBuild(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'jetton-web-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dir, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  return dir;
}

describe.each(testEngines())('HTTP envelope on the %s database', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { webDist: await fakeWebBuild() });
  });
  afterAll(() => t.close());

  it('answers an unknown API path with 404 JSON, never the web app', async () => {
    for (const url of ['/api/no-such-call', '/api', '/sandbox/no-such-page']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'NOT_FOUND' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/no-such-call', payload: { a: 1 } });
    expect(post.json()).toEqual({ message: 'NOT_FOUND' });
  });

  it('serves index.html for any other path (history mode) and hashed assets as immutable', async () => {
    for (const url of ['/login', '/user/home', '/no-such-page']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.app.inject({ url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('answers malformed JSON with 400 KEY_INVALID and an oversized body with 413, without internals', async () => {
    const malformed = await t.app.inject({
      method: 'PUT',
      url: '/sandbox/ops/settings/active',
      headers: { 'content-type': 'application/json' },
      payload: '{"status": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'KEY_INVALID' });

    const oversized = await t.app.inject({
      method: 'PUT',
      url: '/sandbox/ops/settings/active',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ status: 'x'.repeat(300 * 1024) }),
    });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json()).toEqual({ message: 'PAYLOAD_TOO_LARGE' });
    expect(oversized.body).not.toMatch(/at .*\.ts/);
  });

  it('refuses a setting that does not fit its schema with KEY_INVALID and keeps the old value', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/sandbox/ops/settings/active', payload: { status: 'maybe' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'KEY_INVALID' });
    expect((await t.app.inject({ url: '/api/lookup/active' })).json()).toEqual({ status: 'active' });
    const unknown = await t.app.inject({ method: 'PUT', url: '/sandbox/ops/settings/nope', payload: {} });
    expect(unknown.json()).toEqual({ message: 'KEY_INVALID' });
  });

  it('sends the API security headers on JSON answers and the document policy on pages, with a request id', async () => {
    for (const url of ['/api/lookup/banks', '/api/no-such-call']) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    }
    const page = await t.app.inject({ url: '/login' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    const res = await t.app.inject({ url: '/api/lookup/banks' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await t.app.inject({ url: '/api/lookup/banks', headers: { 'x-request-id': 'trace-123' } });
    expect(echoed.headers['x-request-id']).toBe('trace-123');
  });

  it('reports health with the database engine, and publishes OpenAPI at /api/docs', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok', database: engine });
    const spec = (await t.app.inject({ url: '/api/docs/json' })).json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/lookup/banks', '/api/lookup/active', '/api/health']));
    expect(Object.keys(spec.paths).some((p) => p.startsWith('/sandbox'))).toBe(false);
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});
