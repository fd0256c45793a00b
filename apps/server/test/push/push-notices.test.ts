import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPushState } from '@jetton/contract/push';
import { ROUTES } from '@jetton/contract/routes';
import type { TQrState } from '@jetton/contract/wallet';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { call, expectError } from '../support/accounts-support.ts';
import { depositMember, expectLedgerHealthy } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type TestBrowser = { id: string; endpoint: string; keys: { p256dh: string; auth: string } };

describe.each(testEngines())('push notices through the test push service (%s database)', (engine) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // The tests run each pass by hand.
    t = await startTestApp(engine, {}, { startJobs: false });
    await t.app.services.slipVerifier.stop();
    base = createSelfUrl(t.app, undefined)();
  });
  afterAll(async () => {
    await expectLedgerHealthy(t);
    await t.close();
  });

  const sandbox = async (path: string, body?: object) =>
    fetch(`${base}${path}`, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
  async function browser(): Promise<TestBrowser> {
    const made = (await (await sandbox('/sandbox/push/subscriptions', {})).json()) as Omit<TestBrowser, 'id'>;
    return { ...made, id: made.endpoint.split('/').at(-1) ?? '' };
  }
  const received = async (b: TestBrowser) =>
    ((await (await sandbox(`/sandbox/push/messages/${b.id}`)).json()) as { messages: { payload: string }[] }).messages.map(
      (m) => JSON.parse(m.payload) as { title: string; body: string; url: string },
    );
  const deliver = async () => {
    await Promise.all([t.app.services.pushFeedJob.runOnce(), t.app.services.pushFeedJob.runOnce()]);
    return Promise.all([t.app.services.pushSendJob.runOnce(), t.app.services.pushSendJob.runOnce()]);
  };
  async function qrDeposit(token: string, amount: number): Promise<void> {
    const res = await call(t, 'POST', '/api/qrcode/WW', { amount }, { token });
    const payload = res.json<TQrState>().payload ?? '';
    expect((await sandbox('/sandbox/pay/pay', { payload })).status).toBe(200);
  }
  async function subscribed(lang: 'th' | 'la' | 'en') {
    const m = await depositMember(t);
    const b = await browser();
    const res = await call(t, 'POST', ROUTES.push.subscriptions, { endpoint: b.endpoint, keys: b.keys, lang }, { token: m.token });
    expect(res.statusCode, res.body).toBe(200);
    return { m, b, state: res.json<TPushState>() };
  }

  it('a credited deposit reaches the subscribed browser once, encrypted for it, signed by the site, in its language', async () => {
    const { m, b, state } = await subscribed('en');
    expect(state.subscriptions).toEqual([
      { endpoint: b.endpoint, lang: 'en', notices: { deposit: true, withdrawal: true, chat: true, bonus: true } },
    ]);
    await qrDeposit(m.token, 150);
    // Two nodes' passes at once: still one notice, sent once.
    await deliver();
    await deliver();
    expect(await received(b)).toEqual([
      { title: 'Jetton', body: '150.00 THB was credited to your wallet.', url: '/user/home', tag: 'deposit' },
    ]);

    // The member turns deposit notices off for this browser: the next deposit sends nothing.
    await call(t, 'PUT', ROUTES.push.subscriptions, { endpoint: b.endpoint, notices: { deposit: false } }, { token: m.token });
    await qrDeposit(m.token, 120);
    await deliver();
    expect(await received(b)).toHaveLength(1);
  });

  it('a subscription the push service says is gone (410) is dropped; a rate limit (429) is tried again later', async () => {
    const gone = await subscribed('th');
    await sandbox(`/sandbox/push/faults/${gone.b.id}`, { status: 410 });
    await qrDeposit(gone.m.token, 100);
    await deliver();
    const after = await call(t, 'GET', ROUTES.push.subscriptions, undefined, { token: gone.m.token });
    expect(after.json<TPushState>().subscriptions).toEqual([]);

    const busy = await subscribed('la');
    await sandbox(`/sandbox/push/faults/${busy.b.id}`, { status: 429 });
    await qrDeposit(busy.m.token, 100);
    await deliver();
    expect(await received(busy.b)).toEqual([]);
    await sandbox(`/sandbox/push/faults/${busy.b.id}`, { status: null });
    // The service asked for 30 seconds.
    t.clock.advance(31_000);
    await deliver();
    expect((await received(busy.b)).map((n) => n.body)).toEqual(['ເຕີມເງິນ 100.00 THB ເຂົ້າກະເປົາຂອງທ່ານແລ້ວ']);
  });

  it('tells of a bonus ending within a day, once, and not a member on a break', async () => {
    const bonusEndingIn = async (memberId: string, ms: number) =>
      t.database.db
        .insertInto('member_bonuses')
        .values({
          id: crypto.randomUUID(),
          member_id: memberId,
          origin: 'bonus',
          definition_id: null,
          code: 'WELCOME100',
          currency: 'THB',
          status: 'active',
          end_reason: null,
          base: 10_000n,
          credit: 10_000n,
          turnover_target: 100_000n,
          percent_fail: 0,
          percent_success: 100,
          category_weights: JSON.stringify({ slot: 100, sport: 0, lotto: 0 }),
          expires_at: new Date(t.clock.now().getTime() + ms),
          source_ref: null,
          activated_at: t.clock.now(),
          ended_at: null,
        })
        .execute();
    const soon = await subscribed('en');
    await bonusEndingIn(soon.m.id, 12 * 3_600_000);
    const later = await subscribed('en');
    await bonusEndingIn(later.m.id, 48 * 3_600_000);
    const resting = await subscribed('en');
    await bonusEndingIn(resting.m.id, 12 * 3_600_000);
    await call(t, 'POST', ROUTES.care.break, { choice: '24h', password: resting.m.password }, { token: resting.m.token });
    await deliver();
    await deliver();
    expect(await received(soon.b)).toEqual([
      { title: 'Jetton', body: 'Your bonus WELCOME100 ends within 24 hours.', url: '/user/bonus', tag: 'bonus-ending' },
    ]);
    expect(await received(later.b)).toEqual([]);
    expect(await received(resting.b)).toEqual([]);
  });

  it('refuses a subscription that is not one, and a push without the site’s VAPID signature', async () => {
    const m = await depositMember(t);
    expectError(
      await call(
        t,
        'POST',
        ROUTES.push.subscriptions,
        { endpoint: 'ftp://x', keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) }, lang: 'en' },
        { token: m.token },
      ),
      400,
      'KEY_INVALID',
    );
    expectError(
      await call(t, 'POST', ROUTES.push.subscriptions, { endpoint: 'https://x.example/p', keys: { p256dh: 'a', auth: 'b' }, lang: 'en' }),
      401,
      'invalid-token',
    );
    const b = await browser();
    const unsigned = await fetch(b.endpoint, { method: 'POST', headers: { ttl: '60', 'content-encoding': 'aes128gcm' }, body: 'x' });
    expect(unsigned.status).toBe(403);
    const key = await call(t, 'GET', ROUTES.push.key);
    expect(Buffer.from(key.json<{ publicKey: string }>().publicKey, 'base64url')).toHaveLength(65);
  });
});
