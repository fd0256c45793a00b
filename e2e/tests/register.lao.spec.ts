import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, useLocale } from '../support/fixtures.ts';
import { text, type TestLocale } from '../support/i18n.ts';
import { logIn, screenText, uniqueAccountNo, uniquePhone } from './account-helpers.ts';

const OTP_SETTING = '/sandbox/ops/settings/registerOTP';

/** The Lao build: no phone length check, a currency choice; here with the registration code turned off. */
test.describe('registration on the Lao build', () => {
  let saved: unknown;

  test.beforeEach(async ({ request }) => {
    saved = await (await request.get(OTP_SETTING)).json();
    expect((await request.put(OTP_SETTING, { data: { enabled: false } })).ok()).toBe(true);
  });

  test.afterEach(async ({ request }) => {
    await request.put(OTP_SETTING, { data: saved ?? { enabled: true } });
  });

  async function walkToBank(page: Page, locale: TestLocale, phone: string, shot: (name: string) => Promise<unknown>) {
    const ui = screenText(page, locale);
    await page.goto('/register');
    await expect(ui.heading('register.phone.title')).toBeVisible();
    // Three steps: the code step is left out while the lookup is off.
    await expect(page.getByRole('navigation', { name: text(locale, 'register.stepsLabel') }).getByRole('listitem')).toHaveCount(3);
    await shot('1-phone');
    await ui.field('register.phone.label').fill(phone);
    await ui.button('register.next').click();

    await expect(ui.heading('register.profile.title')).toBeVisible();
    await ui.field('register.profile.name').fill('ສົມໃຈ ແກ້ວມະນີ');
    await ui.field('register.profile.password').fill('lao-pass-1');
    await ui.field('register.profile.confirmPassword').fill('lao-pass-1');
    await shot('3-profile');
    await ui.button('register.next').click();

    await expect(ui.heading('register.bank.title')).toBeVisible();
    await ui.field('register.bank.bank').selectOption('BCEL');
    await ui.field('register.bank.firstName').fill('ສົມໃຈ');
    await ui.field('register.bank.lastName').fill('ແກ້ວມະນີ');
    await ui.field('register.bank.accountNo').fill(uniqueAccountNo());
  }

  test('a member registers in Lao without the code step, an 11-digit phone and the BAHT currency, then logs in', async ({
    page,
  }, testInfo) => {
    const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`lao-register-${name}-la.png`) });
    const phone = uniquePhone('lao');
    await walkToBank(page, 'la', phone, shot);

    const currency = page.getByRole('group', { name: text('la', 'register.bank.currency') });
    await expect(currency.getByRole('radio', { name: text('la', 'register.bank.currencies.LAK') })).toBeChecked();
    await currency.getByRole('radio', { name: text('la', 'register.bank.currencies.BAHT') }).check();
    await currency.scrollIntoViewIfNeeded();
    await shot('4-bank');
    await expectAccessible(page);

    const registration = page.waitForRequest((r) => r.url().endsWith('/api/account') && r.method() === 'POST');
    await screenText(page, 'la').button('register.bank.submit').click();
    expect((await registration).postDataJSON()).toMatchObject({ username: phone, bankCode: 'BCEL', currency: 'BAHT' });
    await expect(page.getByText(text('la', 'register.success'))).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await logIn(page, 'la', phone, 'lao-pass-1');
    await expect(page).toHaveURL(/\/user\/home$/);
  });

  for (const locale of ['th', 'en'] as const) {
    test(`the Lao build's currency choice reads well in ${locale}`, async ({ page }, testInfo) => {
      await useLocale(page, locale);
      const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`lao-register-${name}-${locale}.png`) });
      await walkToBank(page, locale, uniquePhone('lao'), shot);
      const currency = page.getByRole('group', { name: text(locale, 'register.bank.currency') });
      await currency.scrollIntoViewIfNeeded();
      await expect(currency.getByRole('radio', { name: text(locale, 'register.bank.currencies.LAK') })).toBeChecked();
      await shot('4-bank');
      await expectAccessible(page);
    });
  }
});
