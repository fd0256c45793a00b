import { expect, expectAccessible, test, useLocale } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';
import { acceptAgreement, logIn, readOtp, screenText, uniqueAccountNo, uniquePhone } from './account-helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a KTB member whose account name is in Thai changes it to English letters, and the new name is copied', async ({
  page,
  request,
}, testInfo) => {
  const phone = uniquePhone();
  const password = 'bank-name-1';
  const accountNo = uniqueAccountNo();

  // A KTB member, registered through the API (the wizard has its own tests).
  const sent = (await (await request.post('/api/otp/send', { data: { phoneNumber: phone } })).json()) as { otpToken: string };
  const { code } = await readOtp(request, phone);
  expect((await request.post('/api/otp/verify', { data: { otpToken: sent.otpToken, otpCode: code } })).ok()).toBe(true);
  const registered = await request.post('/api/account', {
    data: {
      name: 'Somchai Jaidee',
      username: phone,
      password,
      bankCode: 'KTB',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: accountNo,
      currency: 'THB',
    },
  });
  expect(registered.status()).toBe(201);

  // Registration only accepts English names for KTB; a member from before that rule still holds a Thai one.
  // The real GET /api/wallet answer gets that older Thai name, until the real PUT
  // /api/account/bankAccountName has accepted a new one.
  let bankAccount = {
    bankAccountName: 'สมชาย ใจดี',
    bankAccountNo: accountNo,
    bankCode: 'KTB',
    bank: { nameTH: 'ธนาคารกรุงไทย', nameLA: 'ທະນາຄານກຸງໄທ', nameEN: 'Krungthai Bank' },
  };
  await page.route('**/api/wallet', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...((await response.json()) as object), bankAccount } });
  });
  await page.route('**/api/account/bankAccountName', async (route) => {
    const response = await route.fetch();
    const body = route.request().postDataJSON() as { bankCode: string; bankAccountName: string };
    expect(body.bankCode).toBe('KTB');
    if (response.ok()) bankAccount = { ...bankAccount, bankAccountName: body.bankAccountName };
    await route.fulfill({ response });
  });

  await useLocale(page, 'en');
  await page.goto('/login');
  await logIn(page, 'en', phone, password);
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page, 'en');
  // Home offers the edit next to the bank account too (the same dialog).
  const bankCard = page.getByRole('region', { name: text('en', 'home.bankAccount') });
  await expect(bankCard.getByText(text('en', 'bankNameEdit.notice'))).toBeVisible();
  await expect(bankCard.getByText(accountNo, { exact: true })).toBeVisible();
  await expect(bankCard.getByRole('button', { name: text('en', 'bankNameEdit.open') })).toBeVisible();
  await page.goto('/user/profile');
  await expect(page.getByText(text('en', 'bankNameEdit.notice'))).toBeVisible();
  await screenText(page, 'en').button('bankNameEdit.open').click();

  const dialog = page.getByRole('dialog', { name: text('en', 'bankNameEdit.title') });
  const field = dialog.getByLabel(text('en', 'bankNameEdit.label'), { exact: true });
  const save = dialog.getByRole('button', { name: text('en', 'common.save') });
  await save.click();
  await expect(dialog.getByText(text('en', 'bankNameEdit.required'))).toBeVisible();
  await field.fill('สมชาย ใจดี');
  await save.click();
  await expect(dialog.getByText('English letters required')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('profile-bank-name-en.png') });
  await expectAccessible(page);

  await field.fill('somchai jaidee');
  await expect(field).toHaveValue('SOMCHAI JAIDEE');
  await save.click();
  await expect(page.getByText(text('en', 'common.copied', { text: 'SOMCHAI JAIDEE' }))).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('SOMCHAI JAIDEE');
  await expect(page.getByRole('definition').filter({ hasText: 'SOMCHAI JAIDEE' })).toHaveCount(2);
  await expect(screenText(page, 'en').button('bankNameEdit.open')).toBeHidden();
});
