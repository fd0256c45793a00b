import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { expectError } from '../support/accounts-support.ts';
import { loginOperator, type AdminClient } from '../support/admin-support.ts';
import { testEngines } from '../support/engines.ts';
import { activeBonus, ok, type TUserBonus } from '../support/rewards-support.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { expectHealthy, walletBalance, walletMember } from '../support/wallet-support.ts';

const R = ADMIN_ROUTES.rewards;

describe.each(testEngines())('rewards in the back office (%s database)', (engine) => {
  let t: TestApp;
  let marketing: AdminClient;
  let support: AdminClient;
  beforeAll(async () => {
    t = await startTestApp(engine, {});
    marketing = await loginOperator(t, ['marketing']);
    support = await loginOperator(t, ['support']);
  });
  afterEach(() => expectHealthy(t));
  afterAll(() => t.close());

  const definition = {
    origin: 'promotion',
    code: 'opcode1',
    names: { th: 'ท', la: 'ລ', en: 'Op promo' },
    notices: { th: 'ท {percentFail}', la: 'ລ {percentFail}', en: 'Keep {percentFail}%' },
    type: 'limit',
    maxReceived: 1,
    percent: 10,
    maxBonus: 100,
    minDeposit: 100,
    turnover: 2,
    percentFail: 25,
    categoryWeights: { slot: 100, sport: 50, lotto: 0 },
    banners: [
      { image: 'javascript:alert(1)', html: { th: '<b>x</b>', la: '', en: '<b>x</b>' } },
      {
        image: '/assets/banners/welcome.svg',
        html: { th: '<b>สวัสดี</b>', la: '<u>ສະບາຍດີ</u>', en: '<p onclick="x">Hi</p><script>1</script>' },
      },
    ],
    active: true,
    validFrom: null,
    validTo: null,
    expiryDays: 3,
    maxUses: 10,
  };

  it('defines a promotion with sanitized banners; an edit leaves a granted bonus its terms; an operator ends a bonus with a reason', async () => {
    expect((await support.call(R.definitions)).statusCode).toBe(403);
    const created = await marketing.call(R.createDefinition, {}, definition);
    expect(created.statusCode, created.body).toBe(201);
    const def = created.json<{ id: string; code: string; banners: { image: string; html: Record<string, string> }[] }>();
    expect(def.code).toBe('OPCODE1');
    expect(def.banners).toEqual([
      {
        image: '/assets/banners/welcome.svg',
        html: { th: '<b>สวัสดี</b>', la: '<u>ສະບາຍດີ</u>', en: '&lt;p onclick=&quot;x&quot;&gt;Hi&lt;script&gt;1&lt;/script&gt;' },
      },
    ]);

    const m = await walletMember(t, 100_000n);
    const granted = ok<TUserBonus>(
      await t.app.inject({ method: 'GET', url: '/api/promotion/activate/opcode1', headers: { authorization: `Bearer ${m.token}` } }),
    );
    expect(granted).toMatchObject({ credit: 100, percentFail: 25 });
    ok(await marketing.call(R.updateDefinition, { id: def.id }, { ...definition, percentFail: 90 }));
    expect((await activeBonus(t, m.token)).percentFail).toBe(25);

    const history = ok<{ bonuses: { id: string; status: string }[] }>(await marketing.call(R.memberBonuses, { id: m.id }));
    expect(history.bonuses).toEqual([expect.objectContaining({ id: granted._id, status: 'active' })]);
    const ended = ok<{ status: string; endReason: string; takenBack: number }>(
      await marketing.call(R.endBonus, { id: granted._id }, { reason: 'abuse of the offer', keepPercent: 0 }),
    );
    expect(ended).toMatchObject({ status: 'ended', endReason: 'operator: abuse of the offer', takenBack: 100 });
    expect(await walletBalance(t, m.id)).toBe(100_000n);
    expectError(await marketing.call(R.endBonus, { id: granted._id }, { reason: 'again please' }), 404, 'NO_DATA');
    const trail = await t.database.db.selectFrom('audit_log').select('action').where('action', 'like', 'rewards.%').execute();
    expect(trail.map((r) => r.action)).toEqual(
      expect.arrayContaining(['rewards.definition.create', 'rewards.definition.update', 'rewards.bonus.end']),
    );
  });

  it('seeds the invite and refund banners in th, la and en over artwork without words', async () => {
    const m = await walletMember(t, 0n);
    for (const placement of ['invite', 'refund'] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/${placement}/banners`, headers: { authorization: `Bearer ${m.token}` } });
      const [banner] = res.json<{ image: string; html: Record<string, string> }[]>();
      expect(banner?.html.th).toMatch(/[\u0E00-\u0E7F]/);
      expect(banner?.html.la).toMatch(/[\u0E80-\u0EFF]/);
      expect(banner?.html.en).toMatch(/[A-Za-z]{4}/);
      const art = await t.app.inject({ method: 'GET', url: banner?.image ?? '' });
      expect(art.statusCode).toBe(200);
      const words = [...art.body.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((w) => w[1]);
      expect(words.every((w) => !/[A-Za-z\u0E00-\u0EFF]/.test(w ?? ''))).toBe(true);
    }
  });

  it('replaces the invite banners through the allow-list, each language on its own', async () => {
    const html = { th: '<b>เชิญเพื่อน</b><img src=x>', la: '<i>ເຊີນໝູ່</i>', en: '<i>hey</i><img src=x>' };
    const clean = { th: '<b>เชิญเพื่อน</b>&lt;img src=x&gt;', la: '<i>ເຊີນໝູ່</i>', en: '<i>hey</i>&lt;img src=x&gt;' };
    const res = await marketing.call(R.banners, { placement: 'invite' }, { banners: [{ image: '/assets/banners/invite.svg', html }] });
    expect(res.json()).toEqual([{ image: '/assets/banners/invite.svg', html: clean }]);
    const m = await walletMember(t, 0n);
    const banners = await t.app.inject({ method: 'GET', url: '/api/invite/banners', headers: { authorization: `Bearer ${m.token}` } });
    expect(banners.json()).toEqual([{ image: '/assets/banners/invite.svg', html: clean }]);
    // A banner text without its three languages is refused whole.
    const single = await marketing.call(
      R.banners,
      { placement: 'invite' },
      { banners: [{ image: '/assets/banners/invite.svg', html: '<i>hey</i>' }] },
    );
    expect(single.statusCode).toBe(400);
  });
});
