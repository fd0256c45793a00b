import { ROUTE_BUDGETS } from '../../apps/web/build/route-budgets.ts';
import { expect, test } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';

/** What a phone downloads for a cold /login, headers included: `npm run budget`'s figure for it (docs/performance.md). */
const LOGIN_JS_BUDGET_BYTES = (ROUTE_BUDGETS.find((budget) => budget.route === '/login')?.maxBrotliKiB ?? 0) * 1024;

test('a cold /login gets every script and stylesheet compressed, and its JavaScript within budget', async ({ page }) => {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.setCacheDisabled', { cacheDisabled: true });
  const assets = new Map<string, { url: string; type: string; encoding: string | undefined }>();
  const transferred = new Map<string, number>();
  session.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type !== 'Script' && type !== 'Stylesheet') return;
    const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
    assets.set(requestId, { url: response.url, type, encoding: headers['content-encoding'] });
    expect(headers['vary']?.toLowerCase()).toContain('accept-encoding');
    expect(headers['cache-control']).toContain('immutable');
  });
  session.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => transferred.set(requestId, encodedDataLength));

  const document = await page.goto('/login');
  expect(document?.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByRole('button', { name: text('th', 'login.submit') })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const list = [...assets.values()];
  expect(list.filter((asset) => asset.type === 'Script').length).toBeGreaterThan(0);
  expect(list.filter((asset) => asset.type === 'Stylesheet').length).toBeGreaterThan(0);
  for (const asset of list) expect(asset.encoding, asset.url).toMatch(/^(br|gzip)$/);
  const scriptBytes = [...assets].filter(([, asset]) => asset.type === 'Script').reduce((sum, [id]) => sum + (transferred.get(id) ?? 0), 0);
  test.info().annotations.push({ type: 'login JavaScript', description: `${(scriptBytes / 1024).toFixed(1)} KiB transferred` });
  expect(scriptBytes).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
});
