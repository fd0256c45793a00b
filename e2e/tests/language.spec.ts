import { expect, expectAccessible, fontLoaded, test } from '../support/fixtures.ts';
import { text, type TestLocale } from '../support/i18n.ts';

const HTML_LANG: Record<TestLocale, string> = { th: 'th', la: 'lo', en: 'en' };

test('the contact page switches between Thai, Lao and English, with both scripts rendered by their own fonts', async ({
  page,
}, testInfo) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: text('th', 'contact.title') })).toBeVisible();

  for (const locale of ['la', 'en', 'th'] as const) {
    await page
      .getByLabel(text('th', 'language.label'))
      .or(page.getByLabel(text('la', 'language.label')))
      .or(page.getByLabel(text('en', 'language.label')))
      .selectOption(locale);
    await expect(page.getByRole('heading', { name: text(locale, 'contact.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[locale]);
    await expect(page.getByText(text(locale, 'contact.version', { version: '1.1.14' }))).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`contact-${locale}.png`), fullPage: true });
    await expectAccessible(page);
  }
  // The choice survives a reload (localStorage `locale`).
  await page.reload();
  await expect(page.getByRole('heading', { name: text('th', 'contact.title') })).toBeVisible();

  await page.getByLabel(text('th', 'language.label')).selectOption('la');
  await expect(page.getByRole('heading', { name: text('la', 'contact.title') })).toBeVisible();
  expect(await fontLoaded(page, 'Noto Sans Lao')).toBe(true);
  await page.getByLabel(text('la', 'language.label')).selectOption('th');
  await expect(page.getByRole('heading', { name: text('th', 'contact.title') })).toBeVisible();
  expect(await fontLoaded(page, 'Noto Sans Thai')).toBe(true);
});
