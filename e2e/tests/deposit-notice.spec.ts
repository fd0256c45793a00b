import { expect, test, useLocale } from '../support/fixtures.ts';
import { text, type TestLocale } from '../support/i18n.ts';
import { acceptAgreement, DEMO, logIn } from './account-helpers.ts';
import { openDepositDialog } from './deposit-helpers.ts';

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
    const dialog = await openDepositDialog(page, locale);
    await expect(dialog.getByRole('note', { name: t('home.depositDialog.siteNotice') })).toHaveText(SEEDED_NOTICE[locale]);

    // The server refuses an upload in the window with its own code (apps/server/test/deposit/deposit-slip-upload.test.ts);
    // here the answer is played back so the test does not depend on the time of day nor close uploads for others.
    await page.route('**/api/wallet/slip', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 422, json: { message: 'SLIP_UPLOAD_CLOSED' } }) : route.fallback(),
    );
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('button', { name: t('home.depositDialog.slipUpload') }).click();
    await expect(page.getByRole('alertdialog').or(page.getByRole('dialog')).getByText(t('errors.SLIP_UPLOAD_CLOSED'))).toBeVisible();
  });
}

test('the QR form reads each provider’s minimum and quick picks from the server, and translates a refusal (th)', async ({ page }) => {
  const t = (key: string) => text('th', key);
  // An operator's rules (GET /api/qrcode/rules; the server applies the same, apps/server/test/deposit/deposit-qr.test.ts),
  // played back so other tests keep the built-in rules.
  const rules = [
    { provider: 'KBANK', enabled: true, min: 0, minExclusive: true, amounts: [10, 20] },
    { provider: 'WW', enabled: true, min: 250, minExclusive: false, amounts: [300, 500] },
    { provider: 'PAYONEX', enabled: false, min: 100, minExclusive: false, amounts: [100] },
    { provider: 'PAYTIMZ', enabled: true, min: 10, minExclusive: false, amounts: [10] },
    { provider: 'ZPAY', enabled: true, min: 10, minExclusive: false, amounts: [10] },
  ];
  await page.route('**/api/qrcode/rules', (route) => route.fulfill({ json: { providers: rules } }));
  await useLocale(page, 'th');
  await page.goto('/login');
  await logIn(page, 'th', DEMO.phone, DEMO.password);
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page, 'th');
  const dialog = await openDepositDialog(page, 'th');
  await dialog.getByRole('tab', { name: t('home.depositDialog.tabQr') }).click();
  await dialog.getByRole('tab', { name: t('home.depositDialog.providerNames.WW') }).click();
  const picks = dialog.getByRole('group', { name: t('home.depositDialog.quickPicks') });
  await expect(picks.getByRole('button')).toHaveText(['฿300.00', '฿500.00']);
  await expect(dialog.getByText(text('th', 'home.depositDialog.qrMinimum', { amount: '฿250.00' }))).toBeVisible();
  const amount = dialog.getByRole('textbox', { name: t('home.depositDialog.qrAmount'), exact: true });
  const createButton = dialog.getByRole('button', { name: t('home.depositDialog.qrCreate') });
  await amount.fill('200');
  await expect(createButton).toBeDisabled();
  await amount.fill('250');
  await expect(createButton).toBeEnabled();

  // A provider the operator turned off cannot be asked for a QR.
  await dialog.getByRole('tab', { name: t('home.depositDialog.providerNames.PAYONEX') }).click();
  await expect(dialog.getByText(t('home.depositDialog.qrProviderOff'))).toBeVisible();
  await dialog.getByRole('textbox', { name: t('home.depositDialog.qrAmount'), exact: true }).fill('500');
  await expect(dialog.getByRole('button', { name: t('home.depositDialog.qrCreate') })).toBeDisabled();

  // Should the server still refuse (its rules changed meanwhile), the member reads why in Thai.
  await page.route('**/api/qrcode/ZPAY', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          json: {
            qrcodeId: null,
            hasQrcode: false,
            qrcode: null,
            payload: null,
            amount: null,
            expireIn: null,
            message: 'QR_BELOW_MINIMUM',
          },
        })
      : route.fallback(),
  );
  await dialog.getByRole('tab', { name: t('home.depositDialog.providerNames.ZPAY') }).click();
  await dialog.getByRole('textbox', { name: t('home.depositDialog.qrAmount'), exact: true }).fill('20');
  await dialog.getByRole('button', { name: t('home.depositDialog.qrCreate') }).click();
  await expect(page.getByText(t('errors.QR_BELOW_MINIMUM'))).toBeVisible();
});

test('bank cards show the bank’s mark: the member’s bank on home and the site’s accounts in the deposit dialog', async ({ page }) => {
  await useLocale(page, 'en');
  await page.goto('/login');
  await logIn(page, 'en', DEMO.phone, DEMO.password);
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page, 'en');
  const loaded = (selector: string) =>
    page.locator(selector).evaluateAll((images) => images.map((img) => (img as HTMLImageElement).naturalWidth > 0));
  await expect(page.locator('img[data-bank="KBANK"]').first()).toBeVisible();
  expect(await loaded('img[data-bank="KBANK"]')).toEqual([true]);
  const dialog = await openDepositDialog(page, 'en');
  await expect(dialog.locator('img[data-bank]').first()).toBeVisible();
  expect(await loaded('[role="dialog"] img[data-bank]')).not.toContain(false);
});

test('the bonus page says the smallest wallet a bonus accepts, as the server answers it (la)', async ({ page }) => {
  // The server's answer (GET /api/bonus/check/minimum) played back with a figure no seed uses.
  await page.route('**/api/bonus/check/minimum', (route) => route.fulfill({ json: { minimum: 123.45 } }));
  await useLocale(page, 'la');
  await page.goto('/login');
  await logIn(page, 'la', DEMO.phone, DEMO.password);
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page, 'la');
  await page.goto('/user/bonus');
  await expect(page.getByText(text('la', 'bonus.minimum', { amount: '฿123.45' }))).toBeVisible();
});
