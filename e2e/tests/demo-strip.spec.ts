import { expect, test, useLocale } from '../support/fixtures.ts';
import { text, type TestLocale } from '../support/i18n.ts';
import { acceptAgreement, DEMO, logIn } from './account-helpers.ts';

const SHOTS = process.env.DEMO_STRIP_SHOTS;

/**
 * While the sandbox is on (as in every browser test run), every page says it is a
 * demo in the page's language (docs/security.md, "The sandbox in production"),
 * without pushing the top bar's controls out of reach or covering the page.
 */
for (const locale of ['en', 'th', 'la'] as const satisfies TestLocale[]) {
  test(`the demo-mode strip shows on the visitor and member pages (${locale})`, async ({ page }) => {
    await useLocale(page, locale);
    await page.goto('/login');
    const strip = page.getByRole('note').filter({ hasText: text(locale, 'sandbox.demoStrip') });
    await expect(strip).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/demo-strip-login-${locale}.png` });

    await logIn(page, locale, DEMO.phone, DEMO.password);
    await expect(page).toHaveURL(/\/user\/home$/);
    await acceptAgreement(page, locale);
    await expect(strip).toBeVisible();
    // Slim: one or two lines at most on a phone, above the top bar, not over it.
    const stripBox = await strip.boundingBox();
    const header = await page.locator('header').first().boundingBox();
    expect(stripBox && stripBox.height).toBeLessThanOrEqual(40);
    expect(stripBox && header && stripBox.y + stripBox.height).toBeLessThanOrEqual(header?.y ?? 0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/demo-strip-home-${locale}.png` });

    await page.goto('/user/statement');
    await expect(strip).toBeVisible();
  });
}
