import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';
import { adminText, loginDemo } from '../support/admin.ts';

// Closing the service changes every page of this server: this file runs in the
// service-state project, after the others (see playwright.config.ts).
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });
test.afterEach(async ({ request }) => {
  await request.put('/sandbox/ops/settings/active', { data: { status: 'active' } });
});

test('an owner closes the service in the settings and the member site goes to /terminated (th)', async ({ page, browser }) => {
  const t = (key: string, values?: Record<string, string>) => adminText('th', key, values);
  await loginDemo(page, 'th', 'owner', '/admin/settings');
  const service = page.getByRole('region', { name: t('settings.sections.service') });
  await expectAccessible(page);
  await service.getByLabel(t('settings.serviceStatus')).selectOption('gone');
  await service.getByRole('button', { name: t('settings.save') }).click();
  await expect(page.getByText(t('settings.saved', { section: t('settings.sections.service') }))).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  // Every node applies a setting within its cache time: the visitor may need to come back once.
  await expect(async () => {
    await visitor.goto('/login');
    await expect(visitor).toHaveURL(/\/terminated$/, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(visitor.getByRole('heading', { name: text('th', 'terminated.title') })).toBeVisible();
});
