import { expect, expectAccessible, test, useLocale } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';

test.describe('site shell', () => {
  test('a member route without a stored token lands on the login page', async ({ page }) => {
    await page.goto('/user/home');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: text('th', 'login.submit') })).toBeVisible();
  });

  test('the root path leads through /user to the login page when nobody is logged in', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test("an unknown path shows 'Page Not Found'", async ({ page }) => {
    await useLocale(page, 'en');
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the same page not found screen speaks Thai by default', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: text('th', 'notFound.title') })).toBeVisible();
  });

  test('the public bottom menu reaches register, how to and contact', async ({ page }) => {
    await useLocale(page, 'en');
    await page.goto('/login');
    const menu = page.getByRole('navigation', { name: text('en', 'nav.public') });
    await menu.getByRole('link', { name: text('en', 'nav.howto') }).click();
    await expect(page).toHaveURL(/\/howto$/);
    await menu.getByRole('link', { name: text('en', 'nav.contact') }).click();
    await expect(page.getByRole('heading', { name: text('en', 'contact.title') })).toBeVisible();
    await menu.getByRole('link', { name: text('en', 'nav.register') }).click();
    await expect(page).toHaveURL(/\/register$/);
  });
});
