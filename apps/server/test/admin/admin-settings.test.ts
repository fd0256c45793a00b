import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import type { TSettings } from '@jetton/contract/admin/settings';
import { MONEY_RULE_DEFAULTS } from '@jetton/contract/money-rules';
import { ROUTES } from '@jetton/contract/routes';
import { SETTINGS_CACHE_TTL_MS } from '../../src/modules/lookup/cached-rules.ts';
import { call, createMember, expectError, login } from '../support/accounts-support.ts';
import { loginOperator, type AdminClient } from '../support/admin-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describe.each(testEngines())('settings and content in the back office on the %s database', (engine) => {
  let t: TestApp;
  let owner: AdminClient;
  beforeAll(async () => {
    t = await startTestApp(engine);
    owner = await loginOperator(t, ['owner']);
  });
  afterAll(() => t.close());

  const put = (section: string, body: unknown) => owner.call(ADMIN_ROUTES.settings.update, { section }, body);

  it('reads every section, and closing the service sends members to gone at once', async () => {
    const res = await owner.call(ADMIN_ROUTES.settings.get);
    expect(res.statusCode, res.body).toBe(200);
    const settings = res.json<TSettings>();
    expect(settings.service.status).toBe('active');
    expect(settings.qrProviders.length).toBeGreaterThan(0);
    expect(settings.games.length).toBeGreaterThan(0);
    const m = await createMember(t);
    const token = await login(t, m.phone, m.password);
    expect((await put('service', { status: 'gone' })).statusCode).toBe(200);
    expect((await call(t, 'GET', ROUTES.lookup.active)).json()).toEqual({ status: 'gone' });
    expectError(await call(t, 'GET', ROUTES.account.profile, undefined, { token }), 503, 'gone');
    expect((await put('service', { status: 'active' })).statusCode).toBe(200);
    expect((await call(t, 'GET', ROUTES.account.profile, undefined, { token })).statusCode).toBe(200);
  });

  it('validates a form, audits the change with before and after, and keeps other rule fields', async () => {
    const { money } = (await owner.call(ADMIN_ROUTES.settings.get)).json<TSettings>();
    expect(money.LAK.withdrawMin).toBe(MONEY_RULE_DEFAULTS.LAK.withdrawMin);
    expectError(await put('money', { ...money, THB: { ...money.THB, withdrawMin: 500, withdrawMax: 100 } }), 400, 'KEY_INVALID');
    expectError(await put('money', { THB: money.THB }), 400, 'KEY_INVALID');
    expectError(await put('slipWindow', { from: '25:00', to: '01:00' }), 400, 'KEY_INVALID');
    const next = {
      THB: { ...money.THB, withdrawMin: 100, withdrawMax: 30000, autoApproveMax: 4000, fourEyesWithdrawalAbove: 15000 },
      LAK: { ...money.LAK, withdrawMin: 60_000, withdrawMax: 20_000_000 },
    };
    const res = await put('money', next);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TSettings>().money).toEqual(next);
    t.clock.advance(SETTINGS_CACHE_TTL_MS + 1);
    expect((await call(t, 'GET', ROUTES.lookup.withdraw)).json()).toEqual({ withdrawMin: 100, withdrawMax: 30000 });
    expect((await call(t, 'GET', `${ROUTES.lookup.withdraw}?currency=LAK`)).json()).toEqual({
      withdrawMin: 60_000,
      withdrawMax: 20_000_000,
    });
    const audit = await owner.call(ADMIN_ROUTES.audit.list, {}, undefined, { action: 'settings.money' });
    const [entry] = audit.json<{ entries: { before: unknown; after: unknown }[] }>().entries;
    expect(entry?.before).toEqual(money);
    expect(entry?.after).toEqual(next);
  });

  it('turns a game off (hidden from play) and on again', async () => {
    const { games } = (await owner.call(ADMIN_ROUTES.settings.get)).json<TSettings>();
    const code = games[0]?.code ?? '';
    expect((await put('games', [{ code, enabled: false }])).json<TSettings>().games.find((g) => g.code === code)?.enabled).toBe(false);
    expectError(await put('games', [{ code: 'no-such-game', enabled: false }]), 404, 'NO_GAME');
    expect((await put('games', [{ code, enabled: true }])).statusCode).toBe(200);
  });

  it('edits content in th/la/en, which the member site reads at once', async () => {
    const notice = { text: { th: 'ประกาศใหม่', la: 'ແຈ້ງການໃໝ່', en: 'New notice' } };
    const res = await owner.call(ADMIN_ROUTES.content.update, { name: 'notice' }, notice);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(t, 'GET', ROUTES.lookup.notice)).json()).toEqual(notice);
    expectError(await owner.call(ADMIN_ROUTES.content.update, { name: 'notice' }, { text: { th: 'x' } }), 400, 'KEY_INVALID');
    const marketing = await loginOperator(t, ['marketing']);
    expect((await marketing.call(ADMIN_ROUTES.content.update, { name: 'notice' }, notice)).statusCode).toBe(200);
    expectError(await marketing.call(ADMIN_ROUTES.settings.update, { section: 'service' }, { status: 'gone' }), 403, 'FORBIDDEN');
  });

  it('limits the back office to the IP allow-list', async () => {
    expect((await put('backOffice', { idleMinutes: 15, ipAllowList: ['192.0.2.0/24'] })).statusCode).toBe(200);
    t.clock.advance(SETTINGS_CACHE_TTL_MS + 1);
    expectError(await owner.call(ADMIN_ROUTES.settings.get), 403, 'INVALID_IP');
    const inside = await owner.inject({
      method: 'PUT',
      url: '/api/admin/settings/backOffice',
      headers: { 'x-forwarded-for': '192.0.2.7' },
      payload: { idleMinutes: 15, ipAllowList: [] },
    });
    expect(inside.statusCode, inside.body).toBe(200);
    t.clock.advance(SETTINGS_CACHE_TTL_MS + 1);
    expect((await owner.call(ADMIN_ROUTES.settings.get)).statusCode).toBe(200);
  });
});
