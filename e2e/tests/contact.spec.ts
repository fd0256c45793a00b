import { TUTORIAL_VIDEOS } from '@jetton/contract/constants';
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

test('the how-to page plays each of its five tutorials in the page’s language', async ({ page }) => {
  test.setTimeout(120_000);
  for (const locale of ['th', 'la', 'en'] as const) {
    await useLocale(page, locale);
    await page.goto('/howto');
    const cards = page.getByRole('main').getByRole('button');
    await expect(cards).toHaveCount(TUTORIAL_VIDEOS.length);
    await expect(page.getByText(text(locale, 'howto.comingSoon'))).toHaveCount(0);
    for (const [index, video] of TUTORIAL_VIDEOS.entries()) {
      await cards.nth(index).click();
      const dialog = page.getByRole('dialog', { name: text(locale, `howto.videos.${video}`) });
      const player = dialog.locator('video');
      await expect(player).toHaveAttribute('src', `/howto/${locale}/${video}.webm`);
      // A real recording: it loads, lasts several seconds and plays.
      await expect.poll(() => player.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.duration : 0))).toBeGreaterThan(5);
      if (index === 0) {
        await player.evaluate((v: HTMLVideoElement) => {
          v.muted = true;
          return v.play();
        });
        await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.5);
        await expectAccessible(page);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  }
});
