import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';
import { acceptAgreement, logIn, readOtp, screenText, uniqueAccountNo, uniquePhone } from './account-helpers.ts';

test('a new member registers through all four steps, logs in remembered, changes the password and logs out', async ({ page, request }) => {
  const ui = screenText(page, 'th');
  const phone = uniquePhone();
  const password = 'first-pass1';
  const newPassword = 'second-pass2';

  // Step 1: the phone; the registration code lookup is on, so a code is sent.
  await page.goto('/register');
  await ui.field('register.phone.label').fill(phone);
  await ui.button('register.next').click();

  // Step 2: the code from the SMS outbox, with its reference shown.
  await expect(ui.heading('register.otp.title')).toBeVisible();
  const otp = await readOtp(request, phone);
  await expect(page.getByText(otp.ref, { exact: true })).toBeVisible();
  await ui.field('register.otp.label').fill(otp.code);
  await ui.button('register.otp.verify').click();

  // Step 3: name upper-cased as typed, the phone shown read only, the password twice.
  await expect(ui.heading('register.profile.title')).toBeVisible();
  await ui.field('register.profile.name').fill('Somchai Tester');
  await expect(ui.field('register.profile.name')).toHaveValue('SOMCHAI TESTER');
  await expect(ui.field('register.profile.phone')).toHaveValue(phone);
  await ui.field('register.profile.password').fill(password);
  await ui.field('register.profile.confirmPassword').fill(password);
  await ui.button('register.next').click();

  // Step 4: bank data; the account name becomes "first last".
  await expect(ui.heading('register.bank.title')).toBeVisible();
  await ui.field('register.bank.bank').selectOption('KTB');
  await ui.field('register.bank.firstName').fill('somchai');
  await ui.field('register.bank.lastName').fill('tester');
  await expect(ui.field('register.bank.firstName')).toHaveValue('SOMCHAI');
  await ui.field('register.bank.accountNo').fill(uniqueAccountNo());
  await ui.field('register.bank.source').selectOption('LINE');
  const registration = page.waitForRequest((r) => r.url().endsWith('/api/account') && r.method() === 'POST');
  await ui.button('register.bank.submit').click();
  expect((await registration).postDataJSON()).toMatchObject({
    name: 'SOMCHAI TESTER',
    username: phone,
    bankCode: 'KTB',
    bankAccountName: 'SOMCHAI TESTER',
    sourceCode: 'LINE',
    currency: 'THB',
  });

  // Success toast, then /login after 2 s.
  await expect(page.getByText(text('th', 'register.success'))).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Remember me keeps the token in localStorage: a reload stays logged in.
  await logIn(page, 'th', phone, password, true);
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page, 'th');
  expect(await page.evaluate(() => [localStorage.getItem('token') !== null, sessionStorage.getItem('token')])).toEqual([true, null]);
  await page.reload();
  await expect(page.getByRole('heading', { name: text('th', 'home.title') })).toBeVisible();
  await expect(page).toHaveURL(/\/user\/home$/);

  // The profile shows the new member.
  await page
    .getByRole('navigation', { name: text('th', 'nav.member') })
    .getByRole('link', { name: text('th', 'nav.profile') })
    .click();
  await expect(ui.heading('profile.title')).toBeVisible();
  await expect(page.getByText('SOMCHAI TESTER').first()).toBeVisible();
  await expect(page.getByText(phone, { exact: true })).toBeVisible();

  // Change password: the server ends every session, the member logs in again.
  await ui.button('profile.changePassword.open').click();
  const dialog = page.getByRole('dialog', { name: text('th', 'profile.changePassword.title') });
  await dialog.getByLabel(text('th', 'profile.changePassword.old'), { exact: true }).fill(password);
  await dialog.getByLabel(text('th', 'profile.changePassword.new'), { exact: true }).fill(newPassword);
  await dialog.getByLabel(text('th', 'profile.changePassword.confirm'), { exact: true }).fill(newPassword);
  await dialog.getByRole('button', { name: text('th', 'common.save') }).click();
  await expect(page.getByText(text('th', 'profile.changePassword.done'))).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The old password no longer works; the new one does.
  await logIn(page, 'th', phone, password);
  await expect(page.getByRole('alert').filter({ hasText: text('th', 'errors.WRONG_PASSWORD') })).toBeVisible();
  // The agreement is remembered for this member on this device, past the session: home does not even load its texts again.
  const agreementLoads: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/lookup/agreements')) agreementLoads.push(r.url());
  });
  await logIn(page, 'th', phone, newPassword);
  await expect(page).toHaveURL(/\/user\/home$/);
  await expect(page.getByRole('region', { name: text('th', 'home.widgets.title') })).toBeVisible();

  // Logout tells the server, clears the token and goes to /login.
  const logout = page.waitForResponse((r) => r.url().endsWith('/api/logout') && r.request().method() === 'POST');
  await page.getByRole('button', { name: text('th', 'topBar.logout') }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await logout).status()).toBe(200);
  expect(await page.evaluate(() => [localStorage.getItem('token'), sessionStorage.getItem('token')])).toEqual([null, null]);
  await page.goto('/user/home');
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page);
  expect(agreementLoads).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('remember-agreement'))).toMatch(/^\["[^"]+"\]$/);
});
