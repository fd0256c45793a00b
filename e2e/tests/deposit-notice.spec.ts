import { expect, test, useLocale } from '../support/fixtures.ts';
import { text, type TestLocale } from '../support/i18n.ts';
import { acceptAgreement, DEMO, logIn } from './account-helpers.ts';

/** The seeded `notice` lookup (apps/server/src/modules/lookup/demo-content.ts), as the member reads it. */
const SEEDED_NOTICE = {
  th: 'ปิดรับสลิปทุกวันเวลา 23:50 - 00:10 น. เพื่อปรับปรุงระบบ',
  la: 'ປິດຮັບສະລິບທຸກມື້ເວລາ 23:50 - 00:10 ໂມງ ເພື່ອປັບປຸງລະບົບ',
  en: 'Slip upload is closed daily from 23:50 to 00:10 for maintenance.',
} as const satisfies Record<TestLocale, string>;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

for (const locale of ['th', 'la', 'en'] as const) {
  test(`the deposit dialog's slip tab shows the operator's notice, and an upload in the closed window says so (${locale})`, async ({
    page,
  }) => {
    const t = (key: string) => text(locale, key);
    await useLocale(page, locale);
    await page.goto('/login');
    await logIn(page, locale, DEMO.phone, DEMO.password);
    await expect(page).toHaveURL(/\/user\/home$/);
    await acceptAgreement(page, locale);
    await page
      .getByRole('region', { name: t('home.widgets.title') })
      .getByRole('button', { name: t('home.widgets.deposit') })
      .click();
    const dialog = page.getByRole('dialog', { name: t('home.depositDialog.title') });
    await expect(dialog.getByRole('note', { name: t('home.depositDialog.siteNotice') })).toHaveText(SEEDED_NOTICE[locale]);

    // The server refuses an upload in the window with its own code (apps/server/test/deposit-slip-upload.test.ts);
    // here the answer is played back so the test does not depend on the time of day nor close uploads for others.
    await page.route('**/api/wallet/slip', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 422, json: { message: 'SLIP_UPLOAD_CLOSED' } }) : route.fallback(),
    );
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('button', { name: t('home.depositDialog.slipUpload') }).click();
    await expect(page.getByRole('alertdialog').or(page.getByRole('dialog')).getByText(t('errors.SLIP_UPLOAD_CLOSED'))).toBeVisible();
  });
}
