import { expect, expectAccessible, test } from '../support/fixtures.ts';
import type { TestLocale } from '../support/i18n.ts';
import { adminText, loginDemo } from '../support/admin.ts';

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
