import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

/** The deposit simulators a person operates; pages only (the money paths are covered by the other deposit tests). */
describe('deposit sandbox pages for people', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('embedded');
    await t.app.services.slipVerifier.stop();
  });
  afterAll(() => t.close());

  it('bank: a form to the site’s deposit accounts, then a slip to download; no inline script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/bank' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('KBANK 0123456789');
    const done = await t.app.inject({
      method: 'POST',
      url: '/sandbox/bank/transfers',
      ...form({
        senderBank: 'SCB',
        senderAccount: '123-4-56789-0',
        senderName: 'Somchai Jaidee',
        receiver: 'KBANK|0123456789|JETTON',
        amount: '150.00',
        time: '',
      }),
    });
    expect(done.statusCode).toBe(303);
    const result = await t.app.inject({ method: 'GET', url: done.headers.location ?? '' });
    const slip = /src="([^"]+slip\.png)"/.exec(result.body)?.[1] ?? '';
    const png = await t.app.inject({ method: 'GET', url: `${slip}?download=1` });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toMatch(/^attachment; filename="slip-/);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/sandbox/bank/transfers',
      ...form({ senderBank: 'SCB', senderAccount: '1234567890', senderName: 'X', receiver: 'KBANK|0123456789|J', amount: '-5' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('role="alert"');
  });

  it('pay: paste a payload and pay it; an unknown payload is explained', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/pay' });
    expect(page.body).toContain('<textarea name="payload"');
    expect(page.body).not.toContain('<script');
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/pay/pay',
      ...form({ payload: '00020101021229370016A000000677010111011300668122233335303764' }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('No open QR matches');
  });

  it('voucher: issue a gift link to paste into the deposit dialog', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/voucher' })).body).not.toContain('<script');
    const res = await t.app.inject({ method: 'POST', url: '/sandbox/voucher/vouchers', ...form({ amount: '50.00' }) });
    expect(res.body).toMatch(/value="https:\/\/gift\.truemoney\.com\/campaign\/\?v=[0-9a-f]{32}"/);
  });
});
