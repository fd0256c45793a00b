import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** A stand-in for each build: an index.html and one hashed asset. */
async function fakeBuild(marker: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `jetton-${marker}-`));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), `<!doctype html><head></head><div id="root">${marker}</div>`);
  await writeFile(path.join(dir, 'assets', `${marker}-1a2b3c.js`), 'console.log(1)');
  return dir;
}

// docs/operators.md, "The admin app": the back office is its own build under /admin.
describe('the admin app under /admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('embedded', { webDist: await fakeBuild('member'), adminDist: await fakeBuild('admin') });
  });
  afterAll(() => t.close());

  it('answers its own index.html for any path under /admin (history fallback), revalidated and not indexed', async () => {
    for (const url of ['/admin', '/admin/', '/admin/members/123', '/admin/login?next=%2Fwithdrawals']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('admin');
      expect(res.body).not.toContain('member');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-robots-tag']).toBe('noindex');
    }
  });

  it('serves its hashed assets for a year, and leaves the member site and the API alone', async () => {
    const asset = await t.app.inject({ url: '/admin/assets/admin-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ url: '/user/home' })).body).toContain('member');
    const api = await t.app.inject({ url: '/api/admin/no-such-call' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'NOT_FOUND' });
  });
});
