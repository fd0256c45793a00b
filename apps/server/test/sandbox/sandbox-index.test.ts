import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_CODES } from '@jetton/contract/constants';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** Every `/sandbox...` path the README names in backticks, placeholders and query strings aside. */
function readmeSandboxPaths(): string[] {
  const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
  const named = [...readme.matchAll(/`(\/sandbox[^`\s]*)`/g)].map((m) => m[1] ?? '');
  return [...new Set(named.filter((path) => !/[{}<>:?*]/.test(path)))];
}

const linksOf = (html: string) => [...html.matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1] ?? '');

describe.each(testEngines())('the sandbox a person reaches (%s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('answers 200 at every sandbox path the README names', async () => {
    const paths = readmeSandboxPaths();
    expect(paths).toEqual(expect.arrayContaining(['/sandbox', '/sandbox/ops', '/sandbox/games', '/sandbox/bank/payouts']));
    for (const url of paths) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('indexes every simulator page at /sandbox, and every page it links answers 200 in HTML, not cached', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/sandbox' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    const pages = linksOf(index.body).filter((href) => href.startsWith('/sandbox/'));
    expect(pages).toEqual(
      expect.arrayContaining([
        '/sandbox/ops',
        '/sandbox/sms',
        '/sandbox/games',
        '/sandbox/bank',
        '/sandbox/bank/payouts',
        '/sandbox/pay',
        '/sandbox/voucher',
        '/sandbox/rewards',
      ]),
    );
    for (const url of pages) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.body, url).not.toMatch(/<script(?![^>]*\bsrc=)/);
      // Every kit page leads back to the index, except the provider's games, which look like an outside site.
      if (url !== '/sandbox/games') expect(linksOf(res.body), url).toContain('/sandbox');
    }
  });

  it('lists every game the demo provider hosts, each opening its lobby', async () => {
    const games = await t.app.inject({ method: 'GET', url: '/sandbox/games' });
    const lobbies = linksOf(games.body).filter((href) => /^\/sandbox\/games\/[a-z0-9]+$/.test(href) && href !== '/sandbox/games/faults');
    expect(lobbies.map((href) => href.split('/').at(-1)).sort()).toEqual([...GAME_CODES].sort());
    for (const url of lobbies) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
  });

  it('escapes what people typed on every page that shows it', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/sandbox/sms/messages',
      payload: { to: '0899999999', text: '<img src=x onerror=alert(1)>' },
    });
    expect(sent.statusCode).toBe(202);
    const outbox = await t.app.inject({ method: 'GET', url: '/sandbox/sms?phone=0899999999' });
    expect(outbox.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(outbox.body).not.toContain('<img src=x');
  });
});

describe('without the sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('embedded', { sandbox: false });
  });
  afterAll(() => t.close());

  it('mounts no simulator and no index', async () => {
    for (const url of ['/sandbox', '/sandbox/ops', '/sandbox/bank', '/sandbox/games', '/sandbox/rewards']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/rewards/accrue', payload: {} })).statusCode).toBe(404);
  });
});
