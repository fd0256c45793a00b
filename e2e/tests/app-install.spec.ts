import { expect, test, useLocale } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';
import { registerMember } from './account-helpers.ts';
import { payQr, tokenOf } from './deposit-helpers.ts';

/**
 * The installable member site (docs/member-web.md, "Installable app"): a manifest per language with
 * real icons, a service worker that controls the pages, an offline page in the member's language,
 * and nothing of a member's kept in the worker's cache.
 */
test.use({ viewport: { width: 390, height: 844 } });

const OFFLINE_TITLE = { th: 'คุณออฟไลน์อยู่', la: 'ທ່ານອອບລາຍຢູ່', en: 'You are offline' } as const;

test('each language has a manifest with the fields an install needs and icons that load', async ({ request }) => {
  for (const locale of ['th', 'la', 'en'] as const) {
    const res = await request.get(`/manifest-${locale}.webmanifest`);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ short_name: 'Jetton', start_url: '/user/home', display: 'standalone' });
    expect(manifest.name).toContain('Jetton');
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const png = await request.get(icon.src);
      expect(png.headers()['content-type']).toBe('image/png');
      expect((await png.body()).subarray(1, 4).toString()).toBe('PNG');
    }
  }
});

test('a service worker controls the site, keeps only the offline page, and shows it in the member’s language', async ({
  page,
  context,
}) => {
  await useLocale(page, 'la');
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: text('la', 'login.title') })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The manifest the page links follows the language.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest-la.webmanifest');

  // What the worker keeps: the offline page and its parts, nothing from /api.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const key of await caches.keys())
      for (const request of await (await caches.open(key)).keys()) urls.push(new URL(request.url).pathname);
    return urls.sort();
  });
  expect(cached).toEqual(['/favicon.svg', '/icons/icon-192.png', '/offline.css', '/offline.html', '/offline.js']);

  await context.setOffline(true);
  await page.goto('/user/statement').catch(() => undefined);
  await expect(page.getByRole('heading', { name: OFFLINE_TITLE.la })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
  await context.setOffline(false);
  await page.getByRole('button', { name: 'ລອງອີກຄັ້ງ' }).click();
  await expect(page.getByRole('heading', { name: OFFLINE_TITLE.la })).toBeHidden();
});

test('a credited deposit sends a push notice through the push service, and the service worker shows it', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = await registerMember(request);
  const token = await tokenOf(request, member);
  const auth = { authorization: `Bearer ${token}` };
  // Headless Chromium reaches no real push service: the test push service makes the browser's keys,
  // and the subscription goes to the site as the profile's button sends it.
  const browser = (await (await request.post('/sandbox/push/subscriptions', { data: {} })).json()) as {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  };
  const subscribed = await request.post('/api/push/subscriptions', { data: { ...browser, lang: 'en' }, headers: auth });
  expect(subscribed.ok(), await subscribed.text()).toBe(true);
  const qr = await request.post('/api/qrcode/WW', { data: { amount: 150 }, headers: auth });
  await payQr(request, ((await qr.json()) as { payload: string }).payload);

  // The outbox's jobs (every 10 and 5 seconds) encrypt it for the browser and sign it; the service decrypts it.
  const id = browser.endpoint.split('/').at(-1) ?? '';
  const messages = async () =>
    ((await (await request.get(`/sandbox/push/messages/${id}`)).json()) as { messages: { payload: string }[] }).messages.map(
      (m) => m.payload,
    );
  await expect.poll(messages, { timeout: 60_000 }).toHaveLength(1);
  const [payload] = await messages();
  expect(JSON.parse(payload ?? '{}')).toEqual({
    title: 'Jetton',
    body: '150.00 THB was credited to your wallet.',
    url: '/user/home',
    tag: 'deposit',
  });

  // The same payload handed to the page's service worker, as the browser's push service would: a notification.
  await context.grantPermissions(['notifications']);
  await page.goto('/login');
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; isDeleted: boolean }[] }) => {
      const live = event.registrations.find((r) => !r.isDeleted);
      if (live) resolve(live.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL ?? '').origin,
    registrationId: await registered,
    data: payload ?? '',
  });
  await expect
    .poll(() =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title}: ${n.body}`)),
    )
    .toEqual(['Jetton: 150.00 THB was credited to your wallet.']);
});
