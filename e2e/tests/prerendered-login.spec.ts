import { expect, test, useLocale } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';

/** /login is painted from its HTML, then adopted by the app: docs/performance.md, "The prerendered login". */
test.describe('the prerendered login', () => {
  test('the HTML alone draws the login screen, and its button cannot submit before the app runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/login');
    expect(response?.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
    await expect(page.getByRole('heading', { name: text('th', 'login.title') })).toBeVisible();
    await expect(page.getByLabel(text('th', 'login.phone'))).toBeVisible();
    await expect(page.getByTestId('demo-strip')).toHaveText(text('th', 'sandbox.demoStrip'));
    // With no submit button and two text fields, neither a tap nor Enter sends the form by itself.
    await expect(page.getByRole('button', { name: text('th', 'login.submit') })).toHaveAttribute('type', 'button');
    await context.close();
  });

  test('what the visitor types before the app runs stays, in the same field, and the login goes through', async ({ page }) => {
    let release = (): void => undefined;
    const typed = new Promise<void>((resolve) => (release = resolve));
    // Hold the app's first script until the visitor has typed into the painted page.
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto('/login');
    const phone = page.getByLabel(text('th', 'login.phone'));
    await phone.fill('0812345678');
    await phone.evaluate((input) => input.setAttribute('data-typed-before-app', ''));
    release();
    const submit = page.getByRole('button', { name: text('th', 'login.submit') });
    await expect(submit).toHaveAttribute('type', 'submit');
    // The app adopted the painted field (still marked) instead of drawing a new one.
    await expect(page.locator('input[name="username"][data-typed-before-app]')).toHaveValue('0812345678');
    await page.getByLabel(text('th', 'login.password'), { exact: true }).fill('demo1234');
    await submit.click();
    await expect(page).toHaveURL(/\/user\/home$/);
  });

  test('a tap on the login button before the app runs logs in once it does', async ({ page }) => {
    let release = (): void => undefined;
    const tapped = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await tapped;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel(text('th', 'login.phone')).fill('0812345678');
    await page.getByLabel(text('th', 'login.password'), { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: text('th', 'login.submit') }).click();
    await expect(page).toHaveURL(/\/login$/);
    release();
    await expect(page).toHaveURL(/\/user\/home$/);
  });

  test('a visitor who chose English gets the screen in English once the app runs', async ({ page }) => {
    await useLocale(page, 'en');
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: text('en', 'login.title') })).toBeVisible();
    await expect(page.getByRole('button', { name: text('en', 'login.submit') })).toHaveAttribute('type', 'submit');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
