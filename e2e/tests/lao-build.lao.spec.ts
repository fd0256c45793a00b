import { expect, fontLoaded, test } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';

test('the Lao build speaks Lao by default', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: text('la', 'login.submit') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
  expect(await fontLoaded(page, 'Noto Sans Lao')).toBe(true);
});
