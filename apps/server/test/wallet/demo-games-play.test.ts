import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameProvider } from '../../src/adapters/games/game-provider.ts';
import { testEngines } from '../support/engines.ts';
import { fundedPlayer, sandboxOf, sessionCookie } from '../support/demo-provider-helpers.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describe.each(testEngines())('playing the demo games (%s database)', (engine) => {
  let t: TestApp;
  let sandbox: ReturnType<typeof sandboxOf>;
  beforeAll(async () => {
    t = await startTestApp(engine);
    sandbox = sandboxOf(t);
  });
  afterAll(() => t.close());

  const page = (path: string, init: RequestInit = {}) => fetch(`${sandbox.base()}${path}`, { redirect: 'manual', ...init });

  /** Launches through the adapter's link, as the member's browser would, and returns the game session cookie. */
  async function launch(provider: GameProvider, username: string, password: string): Promise<string> {
    const target = await provider.launch({ username, password, platform: 'web' });
    if (target.kind !== 'link') throw new Error('expected a link launch');
    const res = await fetch(target.url, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/sandbox/games/${provider.gameCode}/play`);
    return sessionCookie(res);
  }

  const bet = (game: string, cookie: string, body: Record<string, string>) =>
    page(`/sandbox/games/${game}/play/bet`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('launches by a single-use link that carries a short-lived token, never the password', async () => {
    const pg = sandbox.provider('pg');
    const { username, password } = await fundedPlayer(pg, 5_000n);
    const target = await pg.launch({ username, password, platform: 'android' });
    expect(target.kind).toBe('link');
    if (target.kind !== 'link') return;
    expect(target.url).toMatch(/\/sandbox\/games\/pg\/launch\?token=[\w-]{40,}$/);
    expect(target.url).not.toContain(password);
    const first = await fetch(target.url, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Lax/);
    const again = await fetch(target.url, { redirect: 'manual' });
    expect(again.status).toBe(401);
  });

  it('refuses a launch token after its minute is over', async () => {
    const pg = sandbox.provider('pg');
    const { username, password } = await fundedPlayer(pg, 0n);
    const target = await pg.launch({ username, password, platform: 'web' });
    t.clock.advance(61_000);
    expect((await fetch(target.kind === 'link' ? target.url : '', { redirect: 'manual' })).status).toBe(401);
  });

  it('launches a form game by posting the credentials to the login page', async () => {
    const joker = sandbox.provider('joker2', { launchMode: 'form' });
    const { username, password } = await fundedPlayer(joker, 1_000n);
    const target = await joker.launch({ username, password, platform: 'ios' });
    expect(target).toEqual({
      kind: 'form',
      method: 'POST',
      action: `${sandbox.base()}/sandbox/games/joker2/login`,
      fields: { username, password, platform: 'ios' },
    });
    if (target.kind !== 'form') return;
    const res = await fetch(target.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(target.fields).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    const play = await page('/sandbox/games/joker2/play', { headers: { cookie: sessionCookie(res) } });
    expect(play.status).toBe(200);
    expect(await play.text()).toContain('10.00');
  });

  it('spins the slot: each bet and payout changes the provider balance and is recorded as a round', async () => {
    const pg = sandbox.provider('pg');
    const { username, password } = await fundedPlayer(pg, 10_000n);
    const since = t.clock.now();
    const cookie = await launch(pg, username, password);
    let expected = 10_000n;
    for (let i = 0; i < 5; i++) {
      const res = await bet('pg', cookie, { bet: '500' });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { balance: string; payout: string; detail: { reels: string[] } };
      expect(body.detail.reels).toHaveLength(3);
      expected += BigInt(body.payout) - 500n;
      expect(BigInt(body.balance)).toBe(expected);
    }
    expect(await pg.getBalance(username)).toBe(expected);
    const rounds = (await pg.roundHistory(since)).filter((r) => r.username === username);
    expect(rounds).toHaveLength(5);
    expect(rounds.every((r) => r.bet === 500n && r.game === 'slot')).toBe(true);
    expect(10_000n - rounds.reduce((sum, r) => sum + r.bet - r.payout, 0n)).toBe(expected);
  });

  it('bets on a match (sport) and on two digits (lotto), each recorded with its payout', async () => {
    const usun = sandbox.provider('usun');
    const huay = sandbox.provider('huayhd');
    const since = t.clock.now();
    const s = await fundedPlayer(usun, 2_000n);
    const l = await fundedPlayer(huay, 2_000n);
    const sport = await (await bet('usun', await launch(usun, s.username, s.password), { bet: '1000', pick: 'away' })).json();
    expect(sport).toMatchObject({ detail: { pick: 'away', teams: { away: 'Chao Phraya Elephants' } } });
    expect(['0', '1900']).toContain((sport as { payout: string }).payout);
    const lotto = await (await bet('huayhd', await launch(huay, l.username, l.password), { bet: '100', number: '42' })).json();
    expect(lotto).toMatchObject({ detail: { pick: '42' } });
    expect(['0', '9000']).toContain((lotto as { payout: string }).payout);
    expect((await usun.roundHistory(since)).map((r) => r.game)).toEqual(['sport']);
    expect((await huay.roundHistory(since)).map((r) => [r.game, r.bet])).toEqual([['lotto', 100n]]);
  });

  it('refuses a bet the balance cannot cover, a bet below 1.00, and a bet without a session', async () => {
    const pg = sandbox.provider('pg');
    const { username, password } = await fundedPlayer(pg, 300n);
    const cookie = await launch(pg, username, password);
    expect((await bet('pg', cookie, { bet: '500' })).status).toBe(422);
    expect((await bet('pg', cookie, { bet: '50' })).status).toBe(400);
    expect((await bet('pg', 'demo_session=forged', { bet: '100' })).status).toBe(401);
    // A session of one game does not play another.
    expect((await bet('pgslot', cookie, { bet: '100' })).status).toBe(401);
    expect(await pg.getBalance(username)).toBe(300n);
  });

  it('serves the game pages without inline scripts, under the CSP, with the script as a file', async () => {
    const pg = sandbox.provider('pg');
    const { username, password } = await fundedPlayer(pg, 1_234_567n);
    const res = await page('/sandbox/games/pg/play', { headers: { cookie: await launch(pg, username, password) } });
    const html = await res.text();
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain('12,345.67');
    expect(html).toMatch(/<script src="\/sandbox\/games\/static\/play\.js" defer><\/script>/);
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    expect(html).not.toMatch(/\son\w+="/);
    const script = await page('/sandbox/games/static/play.js');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    const lobby = await page('/sandbox/games/huayhd?platform=android');
    expect(await lobby.text()).toContain('Huay Lucky Draw');
    expect((await page('/sandbox/games/pg/play')).status).toBe(303);
  });
});
