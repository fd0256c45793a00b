import { expect, expectAccessible, test } from '../support/fixtures.ts';
import type { TestLocale } from '../support/i18n.ts';
import { adminText, loginDemo } from '../support/admin.ts';
import type { Page } from '@playwright/test';

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

/** Every screen of the menu (apps/admin/src/app/screens.ts), by its menu entry's key. */
const MENU = [
  'screens.dashboard',
  'screens.withdrawals',
  'screens.slips',
  'screens.depositNotices',
  'screens.adjustments',
  'screens.transfers',
  'screens.members',
  'screens.chat',
  'screens.blacklist',
  'screens.settings',
  'screens.rewards',
  'screens.spin',
  'screens.content',
  'screens.audit',
  'screens.operators',
] as const;

/** The dashboard's health panel: the figures /metrics exports (docs/operations.md, "The dashboard's health panel"). */
async function expectHealthPanel(page: Page, t: (key: string) => string) {
  const panel = page.getByRole('region', { name: t('dashboard.health.title') });
  await expect(panel.getByRole('heading', { level: 2, name: t('dashboard.health.title') })).toBeVisible();
  for (const key of ['unknownTransfers', 'payoutQueue', 'pool', 'redis', 'node']) {
    await expect(panel.getByText(t(`dashboard.health.${key}`), { exact: true })).toBeVisible();
  }
  await expect(panel.getByRole('heading', { level: 3, name: t('dashboard.health.jobs') })).toBeVisible();
}

for (const locale of ['th', 'la', 'en'] as const satisfies TestLocale[]) {
  test(`every admin screen has no WCAG 2.1 AA violation and is photographed (${locale})`, async ({ page }, testInfo) => {
    // Fifteen screens, each checked by axe: more than one page's worth of the default time.
    test.setTimeout(180_000);
    const t = (key: string) => adminText(locale, key);
    await loginDemo(page, locale, 'owner');
    const menu = page.getByRole('navigation', { name: t('layout.menu') });
    for (const key of MENU) {
      await menu.getByRole('link', { name: t(key), exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: t(key) })).toBeVisible();
      // Wait for the screen's own content, not only the layout: every screen ends loading with a table, a form or a notice.
      await expect(page.getByRole('main').locator('table, form, section, [role="alert"]').first()).toBeVisible();
      if (key === 'screens.dashboard') await expectHealthPanel(page, t);
      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath(`${locale}-${key.replace('screens.', '')}.png`), fullPage: true });
    }
    await page.getByRole('banner').getByRole('button', { expanded: false }).click();
    await page.getByRole('link', { name: t('account.menu') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('screens.account') })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`${locale}-account.png`), fullPage: true });
  });
}

test('a tablet held upright gets the menu as a drawer (en)', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await loginDemo(page, 'en', 'support');
  const t = (key: string) => adminText('en', key);
  const toggle = page.getByRole('button', { name: t('layout.menu') });
  await expect(toggle).toBeVisible();
  await toggle.click();
  await page
    .getByRole('navigation', { name: t('layout.menu') })
    .getByRole('link', { name: t('screens.members') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: t('screens.members') })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('en-tablet-members.png'), fullPage: true });
});

test('the dashboard and its health panel read on a phone (th)', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginDemo(page, 'th', 'finance');
  const t = (key: string) => adminText('th', key);
  await expect(page.getByRole('heading', { level: 1, name: t('screens.dashboard') })).toBeVisible();
  await expectHealthPanel(page, t);
  // Nothing wider than the phone: the tiles stack instead of scrolling sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('th-phone-dashboard.png'), fullPage: true });
  await page
    .getByRole('region', { name: t('dashboard.health.title') })
    .screenshot({ path: testInfo.outputPath('th-phone-dashboard-health.png') });
});

test('the health panel marks, in words, figures past the alert rules (en)', async ({ page }, testInfo) => {
  // The real answer, aged past the thresholds of deploy/alerts.yml: a browser test cannot wait 15 minutes.
  await page.route('**/api/admin/dashboard/health', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as Record<string, unknown>;
    body.queues = { unknownTransfers: 2, oldestUnknownTransferAgeSeconds: 660, payoutQueue: 1, oldestPayoutAgeSeconds: 960 };
    body.jobs = [{ name: 'withdrawal_payout', runs: 9, failures: 4, consecutiveFailures: 3, lastFailureAt: new Date().toISOString() }];
    await route.fulfill({ response: answer, json: body });
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await loginDemo(page, 'en', 'viewer');
  const t = (key: string, values: Record<string, string | number> = {}) => adminText('en', key, values);
  const panel = page.getByRole('region', { name: t('dashboard.health.title') });
  await expect(panel.getByText(t('dashboard.health.overAlert', { limit: t('dashboard.health.minutes', { n: 10 }) }))).toBeVisible();
  await expect(panel.getByText(t('dashboard.health.overAlert', { limit: t('dashboard.health.minutes', { n: 15 }) }))).toBeVisible();
  await expect(panel.getByText(t('dashboard.health.jobAlert', { n: 3 }))).toBeVisible();
  await expectAccessible(page);
  await panel.screenshot({ path: testInfo.outputPath('en-phone-health-alerts.png') });
});
