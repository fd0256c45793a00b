import { devices } from '@playwright/test';
import { expect, expectAccessible, test, useLocale } from '../support/fixtures.ts';

/**
 * The prize wheel screen (docs/spin.md, "Configuration"): a marketing operator of
 * the sandbox (demo-marketing) changes a slice's weight and saves a new wheel version;
 * a bad colour is refused beside its field first.
 */
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } });

test('a marketing operator changes a slice weight and saves a new wheel version', async ({ page }) => {
  await useLocale(page, 'en');
  await page.goto('/admin/');
  await page.getByLabel('Login name').fill('demo-marketing');
  await page.getByRole('textbox', { name: 'Password' }).fill('demo-marketing-pass');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Prize wheel' }).click();

  const current = page.getByRole('heading', { name: /^Current wheel: version \d+$/ });
  await expect(current).toBeVisible();
  const version = Number((await current.textContent())?.match(/\d+$/)?.[0]);
  await expect(page.getByRole('table', { name: 'Observed against expected draws per slice' })).toBeVisible();

  const first = page.getByRole('group', { name: /^Slice 1:/ });
  const weight = first.getByLabel('Weight');
  const next = String(Number(await weight.inputValue()) + 5);

  // A bad colour is shown beside its field, and nothing is saved.
  const colour = first.getByLabel('Background colour (#rrggbb)');
  const oldColour = await colour.inputValue();
  await colour.fill('red');
  await page.getByRole('button', { name: `Save as version ${version + 1}` }).click();
  await expect(first.getByText('A colour like #1f6feb.')).toBeVisible();
  await colour.fill(oldColour);

  await weight.fill(next);
  await page.getByRole('button', { name: `Save as version ${version + 1}` }).click();
  await expect(page.getByRole('heading', { name: `Current wheel: version ${version + 1}` })).toBeVisible();
  await expect(page.getByRole('group', { name: /^Slice 1:/ }).getByLabel('Weight')).toHaveValue(next);
  await expect(page.getByRole('heading', { name: `Draw report: version ${version + 1}` })).toBeVisible();

  await expectAccessible(page);
});
