import { ZContact } from '@jetton/contract/lookup';
import { expect, expectAccessible, test, useLocale } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';

test('the contact page shows the contact text, LINE QR, link and name, and the app version', async ({ page, request }) => {
  const contact = ZContact.parse(await (await request.get('/api/lookup/contact')).json());
  await useLocale(page, 'en');
  await page.goto('/contact');
  await expect(page.getByText(contact.contactText.en)).toBeVisible();
  const qr = page.getByRole('img', { name: text('en', 'contact.lineQrAlt', { name: contact.lineName }) });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByText(text('en', 'contact.lineId', { name: contact.lineName }))).toBeVisible();
  await expect(page.getByRole('link', { name: text('en', 'contact.addLine') })).toHaveAttribute('href', contact.lineLink);
  await expect(page.getByText('1.1.14')).toBeVisible();
  await expectAccessible(page);
});

test('the how-to page lists five tutorials and opens a player that says when a video is not there yet', async ({ page }) => {
  await useLocale(page, 'en');
  await page.goto('/howto');
  const cards = page.getByRole('main').getByRole('button');
  await expect(cards).toHaveCount(5);
  await cards.first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
