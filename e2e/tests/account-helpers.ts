import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { text, type TestLocale } from '../support/i18n.ts';

/** The member the server seeds on a fresh database. */
export const DEMO = { phone: '0812345678', password: 'demo1234', name: 'SOMCHAI JAIDEE' } as const;

function digits(count: number): string {
  return Array.from({ length: count }, () => String(randomInt(10))).join('');
}

/** A phone number no other test uses: 10 digits (default build) or a Lao 020 number of 11 (Lao build). */
export function uniquePhone(market: 'th' | 'lao' = 'th'): string {
  return market === 'lao' ? `020${digits(8)}` : `09${digits(8)}`;
}

export function uniqueAccountNo(): string {
  return `${randomInt(1, 10)}${digits(11)}`;
}

/** Reads the newest one-time code sent to `phone` from the sandbox SMS outbox. */
export async function readOtp(request: APIRequestContext, phone: string): Promise<{ code: string; ref: string }> {
  let found: { code: string; ref: string } | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/sandbox/sms/messages?phone=${encodeURIComponent(phone)}`);
      const { messages } = (await response.json()) as { messages: { text: string }[] };
      const match = /code (\d{6}) \(ref (\w+)\)/.exec(messages[0]?.text ?? '');
      found = match ? { code: match[1] ?? '', ref: match[2] ?? '' } : undefined;
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error(`no code for ${phone}`);
  return found;
}

/**
 * A new member of their own, registered through the API as the wizard does
 * (code from the sandbox outbox), for a test that must not share the demo
 * member's wallet with tests running beside it.
 */
export async function registerMember(
  request: APIRequestContext,
  options: { name?: string } = {},
): Promise<{ phone: string; password: string; name: string }> {
  const member = { phone: uniquePhone(), password: `pw-${digits(6)}`, name: options.name ?? 'DEPO TESTER' };
  const sent = await request.post('/api/otp/send', { data: { phoneNumber: member.phone } });
  expect(sent.ok(), 'the code is sent').toBe(true);
  const { otpToken, code } = (await sent.json()) as { otpToken: string; code: string };
  if (code !== 'OTP_VERIFIED') {
    const otp = await readOtp(request, member.phone);
    const verified = await request.post('/api/otp/verify', { data: { otpToken, otpCode: otp.code } });
    expect(verified.ok(), 'the code is accepted').toBe(true);
  }
  const registered = await request.post('/api/account', {
    data: {
      name: member.name,
      username: member.phone,
      password: member.password,
      bankCode: 'KBANK',
      bankAccountName: member.name,
      bankAccountNo: uniqueAccountNo(),
      currency: 'THB',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return member;
}

/** Form fields and buttons by their visible name in `locale`. */
export function screenText(page: Page, locale: TestLocale) {
  return {
    field: (key: string) => page.getByLabel(text(locale, key), { exact: true }),
    button: (key: string) => page.getByRole('button', { name: text(locale, key), exact: true }),
    heading: (key: string) => page.getByRole('heading', { name: text(locale, key), exact: true }),
  };
}

/** Logs in through the form; `remember` ticks "remember me". */
export async function logIn(page: Page, locale: TestLocale, phone: string, password: string, remember = false): Promise<void> {
  const ui = screenText(page, locale);
  await ui.field('login.phone').fill(phone);
  await ui.field('login.password').fill(password);
  if (remember) await page.getByLabel(text(locale, 'login.remember')).check();
  await ui.button('login.submit').click();
}

/**
 * Home opens the agreement dialog by itself 1.5 s after a member's first login
 * on a device (each test is a fresh browser; `remember-agreement` then keeps it
 * per member); a member accepts it before going on, else the modal dialog keeps
 * the page behind it out of reach.
 */
export async function acceptAgreement(page: Page, locale: TestLocale): Promise<void> {
  const dialog = page.getByRole('dialog', { name: text(locale, 'home.agreement.title') });
  await dialog.getByRole('button', { name: text(locale, 'home.agreement.accept') }).click();
  await expect(dialog).toBeHidden();
}
