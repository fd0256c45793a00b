import { devices } from '@playwright/test';
import { expect, expectAccessible, test, useLocale } from '../support/fixtures.ts';

/**
 * The bonuses and promotions screen (docs/rewards.md, "Operator side"): a marketing
 * operator edits a seeded bonus's terms (a bad value is refused beside its field first)
 * and looks up a member's bonuses.
 */
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } });

test("a marketing operator edits a bonus's terms and reads a member's bonuses", async ({ page }) => {
  await useLocale(page, 'en');
  await page.goto('/admin/');
  await page.getByLabel('Login name').fill('demo-marketing');
  await page.getByRole('textbox', { name: 'Password' }).fill('demo-marketing-pass');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Bonuses and promotions' }).click();

  await page.getByRole('button', { name: 'Edit DAILY10' }).click();
  const editor = page.getByRole('region', { name: 'Edit DAILY10' });
  await expect(editor.getByLabel('Name (English)')).not.toHaveValue('');
  const turnover = editor.getByLabel('Turnover (x)');
  await turnover.fill('abc');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('Some fields are not valid: see the messages under them.')).toBeVisible();
  await turnover.fill('7');
  await expectAccessible(page);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: 'DAILY10' });
  await expect(row).toContainText('turnover 7x');

  await page.getByLabel('Member ID').fill('01900000-0000-7000-8000-000000000000');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('This member has no bonus.')).toBeVisible();
  await expectAccessible(page);
});
