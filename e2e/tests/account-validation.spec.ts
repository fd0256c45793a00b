import type { Page } from '@playwright/test';
import { expect, test, useLocale } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';
import { DEMO, logIn, readOtp, screenText, uniquePhone } from './account-helpers.ts';

/** Records the API calls a page makes, to prove a form sent nothing. */
function recordCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && r.method() !== 'GET') calls.push(`${r.method()} ${url.pathname}`);
  });
  return calls;
}

test.describe('client-side validation messages', () => {
  test.beforeEach(({ page }) => useLocale(page, 'en'));

  test('the phone step asks for a phone and for 10 digits', async ({ page }) => {
    const ui = screenText(page, 'en');
    const calls = recordCalls(page);
    await page.goto('/register');
    await ui.button('register.next').click();
    await expect(page.getByText(text('en', 'register.phone.required'))).toBeVisible();
    await ui.field('register.phone.label').fill('081234567');
    await ui.button('register.next').click();
    await expect(page.getByText(text('en', 'errors.PHONE_NUMBER_REQUIRE_10_DIGIT'))).toBeVisible();
    await expect(ui.field('register.phone.label')).toBeFocused();
    expect(calls).toEqual([]);
  });

  test("the profile step says passwords don't match and the bank step wants English for KTB, TMB and BBL", async ({ page, request }) => {
    const ui = screenText(page, 'en');
    const phone = uniquePhone();
    await page.goto('/register');
    await ui.field('register.phone.label').fill(phone);
    await ui.button('register.next').click();
    await ui.field('register.otp.label').fill((await readOtp(request, phone)).code);
    await ui.button('register.otp.verify').click();
    await expect(ui.heading('register.profile.title')).toBeVisible();

    const calls = recordCalls(page);
    await ui.button('register.next').click();
    for (const key of ['nameRequired', 'passwordRequired', 'confirmRequired']) {
      await expect(page.getByText(text('en', `register.profile.${key}`))).toBeVisible();
    }
    await ui.field('register.profile.name').fill('Mali Sodsai');
    await ui.field('register.profile.password').fill('secret-123');
    await ui.field('register.profile.confirmPassword').fill('secret-124');
    await ui.button('register.next').click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    expect(calls).toEqual([]);

    await ui.field('register.profile.confirmPassword').fill('secret-123');
    await ui.button('register.next').click();
    await expect(ui.heading('register.bank.title')).toBeVisible();

    await ui.button('register.bank.submit').click();
    for (const key of ['bankRequired', 'firstNameRequired', 'lastNameRequired', 'accountNoRequired']) {
      await expect(page.getByText(text('en', `register.bank.${key}`))).toBeVisible();
    }
    await ui.field('register.bank.firstName').fill('มาลี');
    await ui.field('register.bank.lastName').fill('SODSAI');
    await ui.field('register.bank.accountNo').fill('1234567890');
    for (const bank of ['KTB', 'TMB', 'BBL']) {
      await ui.field('register.bank.bank').selectOption(bank);
      await ui.button('register.bank.submit').click();
      await expect(page.getByText('Bank account name must be in English only')).toBeVisible();
    }
    // Other banks take Thai names: the message goes once the form is checked again.
    await ui.field('register.bank.bank').selectOption('KBANK');
    await ui.field('register.bank.lastName').fill('สดใส');
    await expect(page.getByText('Bank account name must be in English only')).toBeHidden();
    expect(calls.filter((call) => call === 'POST /api/account')).toEqual([]);
  });

  test('the login form needs both the phone and the password', async ({ page }) => {
    const ui = screenText(page, 'en');
    const calls = recordCalls(page);
    await page.goto('/login');
    await ui.button('login.submit').click();
    await expect(page.getByText(text('en', 'login.phoneRequired'))).toBeVisible();
    await expect(page.getByText(text('en', 'login.passwordRequired'))).toBeVisible();
    await ui.field('login.phone').fill(DEMO.phone);
    await ui.button('login.submit').click();
    await expect(page.getByText(text('en', 'login.phoneRequired'))).toBeHidden();
    await expect(page.getByText(text('en', 'login.passwordRequired'))).toBeVisible();
    expect(calls).toEqual([]);
  });

  test('the change-password dialog needs all three fields and equal new passwords, and sends nothing otherwise', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, 'en', DEMO.phone, DEMO.password);
    await expect(page).toHaveURL(/\/user\/home$/);
    await page.goto('/user/profile');
    await screenText(page, 'en').button('profile.changePassword.open').click();
    const dialog = page.getByRole('dialog', { name: text('en', 'profile.changePassword.title') });
    const field = (key: string) => dialog.getByLabel(text('en', `profile.changePassword.${key}`), { exact: true });
    const save = dialog.getByRole('button', { name: text('en', 'common.save') });

    const calls = recordCalls(page);
    await save.click();
    for (const key of ['oldRequired', 'newRequired', 'confirmRequired']) {
      await expect(dialog.getByText(text('en', `profile.changePassword.${key}`))).toBeVisible();
    }
    await field('old').fill(DEMO.password);
    await field('new').fill('brand-new-1');
    await field('confirm').fill('brand-new-2');
    await save.click();
    await expect(dialog.getByText(text('en', 'profile.changePassword.notEqual'))).toBeVisible();
    expect(calls).toEqual([]);

    await dialog.getByRole('button', { name: text('en', 'common.cancel') }).click();
    await expect(dialog).toBeHidden();
  });
});
