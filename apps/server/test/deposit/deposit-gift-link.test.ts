import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@jetton/contract/routes';
import { encryptTruelink, truelinkKeyFromSecret } from '@jetton/contract/truelink-crypto';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { call, expectError } from '../support/accounts-support.ts';
import { coinsOf, depositMember, expectLedgerHealthy, walletBalance } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, testConfig, type TestApp } from '../support/test-app.ts';

/** The seeded TrueMoney wallet of the site (demo content). */
const SITE_WALLET = '0891234567';

describe.each(testEngines())('gift-link deposits through the sandbox vouchers (%s database)', (engine) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await t.app.services.slipVerifier.stop();
    key = await truelinkKeyFromSecret(testConfig().secrets.truelinkSecret);
  });
  afterEach(() => expectLedgerHealthy(t));
  afterAll(() => t.close());

  const sandbox = (path: string, body: unknown) =>
    fetch(`${createSelfUrl(t.app, undefined)()}/sandbox/voucher${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  async function giftLink(
    amount: number,
    extra: { ownerMobile?: string; expired?: boolean } = {},
  ): Promise<{ link: string; hash: string }> {
    const res = await sandbox('/vouchers', { amount, ...extra });
    expect(res.status).toBe(201);
    return (await res.json()) as { link: string; hash: string };
  }

  async function send(token: string, link: string, options: { wallet?: string } = {}) {
    const envelope = await encryptTruelink(key, link, options.wallet ?? SITE_WALLET);
    return call(t, 'POST', ROUTES.wallet.truelink, { link: envelope }, { token, headers: { 'idempotency-key': randomUUID() } });
  }

  it('redeems a gift link into the site wallet and credits its amount with coins, once per Idempotency-Key', async () => {
    const m = await depositMember(t);
    const { link } = await giftLink(250);
    // The same action sent twice (a retried request): same envelope, same key.
    const body = { link: await encryptTruelink(key, link, SITE_WALLET) };
    const headers = { 'idempotency-key': randomUUID() };
    const res = await call(t, 'POST', ROUTES.wallet.truelink, body, { token: m.token, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ amount: 250 });
    const replay = await call(t, 'POST', ROUTES.wallet.truelink, body, { token: m.token, headers });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual({ amount: 250 });
    expect(await walletBalance(t, m.id)).toBe(25_000n);
    expect(await coinsOf(t, m.id)).toBe(2);
  });

  it('refuses a link seen before (TRUELINK_DUPLICATE), also when sent twice at once, by anyone', async () => {
    const m = await depositMember(t);
    const other = await depositMember(t);
    const { link } = await giftLink(40);
    const both = await Promise.all([send(m.token, link), send(m.token, link)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expectError(both.find((r) => r.statusCode === 409) ?? both[0], 409, 'TRUELINK_DUPLICATE');
    expectError(await send(other.token, link), 409, 'TRUELINK_DUPLICATE');
    expect(await walletBalance(t, m.id)).toBe(4_000n);
    expect(await walletBalance(t, other.id)).toBe(0n);
  });

  it('answers TRUELINK_INVALID for every refusal of the voucher service, and credits nothing', async () => {
    const m = await depositMember(t);
    const cases = [
      `https://gift.truemoney.com/campaign/?v=${'0'.repeat(32)}`, // VOUCHER_NOT_FOUND
      (await giftLink(50, { expired: true })).link, // VOUCHER_EXPIRED
      (await giftLink(50, { ownerMobile: SITE_WALLET })).link, // CANNOT_GET_OWN_VOUCHER
    ];
    const taken = await giftLink(50);
    expect((await sandbox(`/campaign/vouchers/${taken.hash}/redeem`, { mobile: '0811111111' })).status).toBe(200);
    cases.push(taken.link); // VOUCHER_OUT_OF_STOCK
    const ours = await giftLink(50);
    expect((await sandbox(`/campaign/vouchers/${ours.hash}/redeem`, { mobile: SITE_WALLET })).status).toBe(200);
    cases.push(ours.link); // TARGET_USER_REDEEMED (redeemed outside this flow)
    for (const link of cases) expectError(await send(m.token, link), 422, 'TRUELINK_INVALID');
    expect(await walletBalance(t, m.id)).toBe(0n);
  });

  it('refuses a voucher under 2.00 before redeeming it, so the sender keeps it', async () => {
    const m = await depositMember(t);
    const small = await giftLink(1.99);
    expectError(await send(m.token, small.link), 422, 'TRUELINK_INVALID');
    expect((await sandbox(`/campaign/vouchers/${small.hash}/redeem`, { mobile: '0822222222' })).status).toBe(200);
    const exact = await giftLink(2);
    expect((await send(m.token, exact.link)).json()).toEqual({ amount: 2 });
  });

  it('checks the envelope: key, link format, the site’s wallet, required fields', async () => {
    const m = await depositMember(t);
    const { link } = await giftLink(10);
    expectError(await send(m.token, 'https://evil.example/campaign/?v=abc'), 422, 'TRUELINK_INVALID');
    expectError(await send(m.token, `${link}&x=1`), 422, 'TRUELINK_INVALID');
    expectError(await send(m.token, link, { wallet: '0899999999' }), 422, 'TRUELINK_INVALID');
    const foreign = await encryptTruelink(await truelinkKeyFromSecret('another-secret-entirely'), link, SITE_WALLET);
    const headers = { 'idempotency-key': randomUUID() };
    expectError(await call(t, 'POST', ROUTES.wallet.truelink, { link: foreign }, { token: m.token, headers }), 400, 'KEY_INVALID');
    expectError(
      await call(t, 'POST', ROUTES.wallet.truelink, { link: link }, { token: m.token, headers: { 'idempotency-key': randomUUID() } }),
      400,
      'KEY_INVALID',
    );
    expectError(
      await call(t, 'POST', ROUTES.wallet.truelink, {}, { token: m.token, headers: { 'idempotency-key': randomUUID() } }),
      400,
      'KEY_MISSING',
    );
    expectError(await call(t, 'POST', ROUTES.wallet.truelink, { link: 'x' }, { token: m.token }), 400, 'KEY_MISSING');
    expectError(await call(t, 'POST', ROUTES.wallet.truelink, { link: 'x' }), 401, 'invalid-token');
    // None of that used the link up.
    expect((await send(m.token, link)).json()).toEqual({ amount: 10 });
  });
});

describe('the gift-link key in the served page', () => {
  it('is handed to the web as a meta tag at start, derived from the secret (never the secret itself)', async () => {
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const webDist = await mkdtemp(path.join(tmpdir(), 'jetton-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
    const t = await startTestApp('embedded', { webDist });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/user/home' });
      const key = await truelinkKeyFromSecret(testConfig().secrets.truelinkSecret);
      expect(res.body).toContain(`<meta name="jetton-truelink-key" content="${key}"></head>`);
      expect(res.body).not.toContain(testConfig().secrets.truelinkSecret);
      // The sandbox is on in tests: the page also carries the flag behind the demo-mode strip (docs/security.md).
      expect(res.body).toContain('<meta name="jetton-sandbox" content="on">');
    } finally {
      await t.close();
    }
  });
});
