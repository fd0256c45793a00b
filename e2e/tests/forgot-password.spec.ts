import { expect, test, useLocale } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';
import type { APIRequestContext } from '@playwright/test';
import { logIn, registerMember, screenText, uniquePhone } from './account-helpers.ts';

/** The newest password-reset code in the sandbox outbox (the registration code is older and looks alike). */
async function readResetCode(request: APIRequestContext, phone: string): Promise<{ code: string; ref: string }> {
  let found: { code: string; ref: string } | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/sandbox/sms/messages?phone=${encodeURIComponent(phone)}`);
      const { messages } = (await response.json()) as { messages: { text: string }[] };
      const match = /password reset code (\d{6}) \(ref (\w+)\)/.exec(messages[0]?.text ?? '');
      found = match ? { code: match[1] ?? '', ref: match[2] ?? '' } : undefined;
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error(`no reset code for ${phone}`);
  return found;
}

test('a member who forgot the password resets it by SMS code; the lockout says how long it lasts', async ({ page, request }) => {
  // Reset codes share the registration codes' limits, so this test waits out the one-minute rule.
  test.setTimeout(180_000);
  const member = await registerMember(request);
  const registeredAt = Date.now();
  const ui = screenText(page, 'th');
  const newPassword = 'reset-pass-42';

  // Five wrong passwords lock the phone; the sixth try says for how many minutes, in Thai.
  await page.goto('/login');
  for (let i = 0; i < 5; i++) {
    const answer = await request.post('/api/login', { data: { username: member.phone, password: `wrong-${i}` } });
    expect(answer.status()).toBe(401);
  }
  await logIn(page, 'th', member.phone, member.password);
  await expect(page.getByText(text('th', 'errors.LOGIN_LOCKED', { minutes: '15' }))).toBeVisible();

  // Forgot password?: phone, code from the SMS outbox, new password twice.
  await page.getByRole('link', { name: text('th', 'login.forgotLink') }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await ui.field('login.phone').fill(member.phone);
  await ui.button('forgot.sendCode').click();
  // The registration code went out less than a minute ago: the limit is told, translated.
  await expect(page.getByText(text('th', 'errors.REQUEST_LIMIT_1MIN'))).toBeVisible();
  await page.waitForTimeout(Math.max(0, registeredAt + 61_000 - Date.now()));
  await ui.button('forgot.sendCode').click();
  const otp = await readResetCode(request, member.phone);
  await expect(page.getByText(otp.ref, { exact: true })).toBeVisible();
  await ui.field('register.otp.label').fill(otp.code);
  await ui.button('register.next').click();
  await ui.field('forgot.newPassword').fill(newPassword);
  await ui.field('forgot.confirmPassword').fill(newPassword);
  await ui.button('forgot.submit').click();
  await expect(page.getByText(text('th', 'forgot.done'))).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The lockout ended with the reset; the new password opens the account.
  await logIn(page, 'th', member.phone, newPassword);
  await expect(page).toHaveURL(/\/user\/home$/);
});

test('an unknown phone goes on to the code step exactly like a member phone, and no SMS is sent', async ({ page, request }) => {
  const ui = screenText(page, 'en');
  const phone = uniquePhone();
  await useLocale(page, 'en');
  await page.goto('/forgot-password');
  await ui.field('login.phone').fill(phone);
  await ui.button('forgot.sendCode').click();
  await expect(ui.field('register.otp.label')).toBeVisible();
  const outbox = await request.get(`/sandbox/sms/messages?phone=${phone}`);
  expect(((await outbox.json()) as { messages: unknown[] }).messages).toEqual([]);
});
