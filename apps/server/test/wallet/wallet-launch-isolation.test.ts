import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, ROUTES } from '@jetton/contract/routes';
import { ZAutoLoginResponse, ZGameAccount, ZStatementResponse } from '@jetton/contract/wallet';
import { call, expectError } from '../support/accounts-support.ts';
import { sandboxOf } from '../support/demo-provider-helpers.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import {
  activate,
  activated,
  atProvider,
  expectHealthy,
  setWalletRules,
  transfer,
  walletBalance,
  walletMember,
} from '../support/wallet-support.ts';

describe.each(testEngines())('game launch and member isolation on the %s database', (engine) => {
  let t: TestApp;
  let sandbox: ReturnType<typeof sandboxOf>;
  beforeAll(async () => {
    t = await startTestApp(engine);
    sandbox = sandboxOf(t);
    await setWalletRules(t, { providerTimeoutMs: 5_000 });
  });
  afterEach(async () => {
    await sandbox.resetFaults();
    await expectHealthy(t);
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => call(t, 'GET', url, undefined, { token });
  const autoLogin = (token: string, game: string, username: string, password?: string, platform?: string) =>
    get(
      `${apiPath(ROUTES.autoLogin, { game, username, ...(password ? { password } : {}) })}${platform ? `?platform=${platform}` : ''}`,
      token,
    );
  const browse = (path: string, init: RequestInit = {}) => fetch(`${sandbox.base()}${path}`, { redirect: 'manual', ...init });

  it('a link launcher answers the provider link with a one-time launch token, never the password', async () => {
    const m = await walletMember(t);
    const slot = await activated(t, m, 'pg');
    const res = await autoLogin(m.token, 'pg', slot.username ?? '', slot.password);
    expect(res.statusCode, res.body).toBe(200);
    const { link } = ZAutoLoginResponse.parse(res.json());
    expect(link).toMatch(/^\/sandbox\/games\/pg\/launch\?token=[^&]+$/);
    expect(link).not.toContain(slot.password);
    const opened = await browse(link);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/sandbox/games/pg/play');
    // The token opens the game once.
    expect((await browse(link)).status).toBe(401);
  });

  it('a form launcher answers a one-time page of this server that posts the login form with a served script', async () => {
    const m = await walletMember(t);
    const slot = await activated(t, m, 'joker2');
    const res = await autoLogin(m.token, 'joker2', slot.username ?? '', undefined, 'android');
    expect(res.statusCode, res.body).toBe(200);
    const { link } = ZAutoLoginResponse.parse(res.json());
    expect(link).toMatch(/^\/api\/game-launch\/[A-Za-z0-9_-]{32}$/);

    const page = await browse(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('<form id="launch" method="post" action="/sandbox/games/joker2/login">');
    expect(html).toContain(`name="username" value="${slot.username}"`);
    expect(html).toContain('name="platform" value="android"');
    expect(html).toContain(`<script src="${ROUTES.gameLaunchScript}" defer></script>`);
    expect(html).not.toMatch(/<script>[^<]/);
    const script = await browse(ROUTES.gameLaunchScript);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('form.submit()');

    // What the browser then posts logs the member in at the provider.
    const fields = new URLSearchParams();
    for (const [, name, value] of html.matchAll(/name="([^"]+)" value="([^"]*)"/g)) fields.set(name ?? '', value ?? '');
    const login = await browse('/sandbox/games/joker2/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    });
    expect(login.status).toBe(303);
    // One use only, and only for a short while.
    expect((await browse(link)).status).toBe(404);
    const late = ZAutoLoginResponse.parse((await autoLogin(m.token, 'joker2', slot.username ?? '')).json());
    t.clock.advance(61_000);
    expect((await browse(late.link)).status).toBe(404);
  });

  it("launches only the member's own account: SLOT_NO_ACCOUNT for another username, NO_GAME for an unknown game", async () => {
    const a = await walletMember(t);
    const b = await walletMember(t);
    await activated(t, a, 'pg');
    const bSlot = await activated(t, b, 'pg');
    expectError(await autoLogin(a.token, 'pg', bSlot.username ?? ''), 404, 'SLOT_NO_ACCOUNT');
    expectError(await autoLogin(a.token, 'usun', 'whoever'), 404, 'SLOT_NO_ACCOUNT');
    expectError(await autoLogin(a.token, 'nosuchgame', 'whoever'), 404, 'NO_GAME');
    expectError(await call(t, 'GET', apiPath(ROUTES.autoLogin, { game: 'pg', username: bSlot.username ?? '' })), 401, 'invalid-token');
    expectError(await autoLogin(a.token, 'pg', 'x', undefined, 'desktop'), 400, 'KEY_INVALID');
  });

  it('a provider that cannot open the game answers 502 GAME_ACTIVATION_FAIL', async () => {
    const m = await walletMember(t);
    const slot = await activated(t, m, 'pg');
    await sandbox.setFaults({ game: 'pg', failureRate: 1 });
    expectError(await autoLogin(m.token, 'pg', slot.username ?? ''), 502, 'GAME_ACTIVATION_FAIL');
  });

  it("member A can never see or move member B's game accounts, money or statement", async () => {
    const a = await walletMember(t, 5_000n);
    const b = await walletMember(t, 5_000n);
    const aSlot = await activated(t, a, 'pg');
    const bSlot = await activated(t, b, 'pg');
    expect(aSlot.username).not.toBe(bSlot.username);
    await transfer(t, b.token, { from: 'WALLET', to: 'pg', amount: 20 });

    // A's own card, never B's, whatever A asks for.
    expect(ZGameAccount.parse((await get(apiPath(ROUTES.wallet.account, { code: 'pg' }), a.token)).json()).username).toBe(aSlot.username);
    // A's reset changes A's password only: B's still logs in.
    await get(apiPath(ROUTES.wallet.resetPassword, { code: 'pg' }), a.token);
    const bLogin = await browse('/sandbox/games/pg/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: bSlot.username ?? '', password: bSlot.password ?? '' }).toString(),
    });
    expect(bLogin.status).toBe(303);
    // Activation is per member: A already has pg, B's is untouched.
    expectError(await activate(t, a.token, 'pg'), 409, 'SLOT_ALREADY_ACTIVE');
    // A moving money out of "pg" reaches only A's player (which holds nothing).
    expectError(await transfer(t, a.token, { from: 'pg', to: 'WALLET', amount: 20 }), 422, 'MONEY_NOT_ENOUGH');
    expect(await atProvider(t, 'pg', bSlot.username ?? '')).toBe(2_000n);
    expect(await walletBalance(t, a.id)).toBe(5_000n);
    // A's statement holds A's lines only.
    const statement = ZStatementResponse.parse(
      (await call(t, 'POST', ROUTES.statement.list, { page: 1, limit: 50 }, { token: a.token })).json(),
    );
    expect(statement.statements.every((s) => s.statementType !== 'transfer' || s.status === 'FAILED')).toBe(true);
    expect(statement.statements.filter((s) => s.statementType === 'deposit')).toHaveLength(1);
  });
});
