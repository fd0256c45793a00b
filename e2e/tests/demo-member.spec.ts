import { expect, expectAccessible, test, useLocale } from '../support/fixtures.ts';
import { text, type TestLocale } from '../support/i18n.ts';
import { DEMO, logIn, screenText } from './account-helpers.ts';

const HTML_LANG: Record<TestLocale, string> = { th: 'th', la: 'lo', en: 'en' };

test('the demo member logs in and the profile shows their details in th, la and en', async ({ page }, testInfo) => {
  await page.goto('/login');
  await logIn(page, 'th', DEMO.phone, DEMO.password);
  await expect(page).toHaveURL(/\/user\/home$/);
  // Without "remember me" the token lives only as long as the tab.
  expect(await page.evaluate(() => [localStorage.getItem('token'), sessionStorage.getItem('token') !== null])).toEqual([null, true]);

  await page.goto('/user/profile');
  await expect(page.getByText(DEMO.name).first()).toBeVisible();
  await expect(page.getByText(DEMO.phone, { exact: true })).toBeVisible();
  await expect(page.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/)).toBeVisible();

  let current: TestLocale = 'th';
  for (const locale of ['th', 'la', 'en'] as const) {
    await page.getByRole('combobox', { name: text(current, 'language.label') }).selectOption(locale);
    current = locale;
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[locale]);
    const ui = screenText(page, locale);
    await expect(ui.heading('profile.title')).toBeVisible();
    await expect(page.getByText(text(locale, 'profile.memberId'))).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`profile-${locale}.png`) });
    await expectAccessible(page);

    await ui.button('profile.changePassword.open').click();
    const dialog = page.getByRole('dialog', { name: text(locale, 'profile.changePassword.title') });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`profile-password-${locale}.png`) });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: text(locale, 'common.cancel') }).click();
    await expect(dialog).toBeHidden();
  }
});

test.describe('login errors', () => {
  test.beforeEach(({ page }) => useLocale(page, 'en'));

  test('an unknown phone and a wrong password show as translated danger toasts', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, 'en', '0899999999', 'whatever1');
    await expect(page.getByRole('alert').filter({ hasText: text('en', 'errors.NO_USER') })).toBeVisible();
    await logIn(page, 'en', DEMO.phone, 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: text('en', 'errors.WRONG_PASSWORD') })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the login page has a language switcher and a link to /register', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('combobox', { name: text('en', 'language.label') }).selectOption('th');
    await expect(page.getByRole('button', { name: text('th', 'login.submit') })).toBeVisible();
    await page
      .getByRole('main')
      .getByRole('link', { name: text('th', 'login.registerLink') })
      .click();
    await expect(page).toHaveURL(/\/register$/);
  });
});
