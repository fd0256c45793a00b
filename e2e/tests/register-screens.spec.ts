import { expect, expectAccessible, test, useLocale } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';
import { readOtp, screenText, uniquePhone } from './account-helpers.ts';

/** The resend button's name with any m:ss in place of the time. */
function countdownName(template: string): RegExp {
  const [before = '', after = ''] = template.split('@').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${before}\\d:\\d{2}${after}$`);
}

for (const locale of ['th', 'la', 'en'] as const) {
  test(`every registration step reads well in ${locale} at 390x844 and passes axe`, async ({ page, request }, testInfo) => {
    const ui = screenText(page, locale);
    const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`register-${name}-${locale}.png`) });
    const phone = uniquePhone();
    await useLocale(page, locale);

    // An invite link: the code is kept in storage key `code` and shown on the bank step.
    await page.goto('/register?code=PR100001');
    await expect(ui.heading('register.phone.title')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('code'))).toBe('PR100001');
    await expect(page.getByRole('navigation', { name: text(locale, 'register.stepsLabel') }).getByRole('listitem')).toHaveCount(4);
    await shot('1-phone');
    await expectAccessible(page);

    await ui.field('register.phone.label').fill(phone);
    await ui.button('register.next').click();
    await expect(ui.heading('register.otp.title')).toBeVisible();
    // The resend waits out the one-minute limit with a countdown.
    await expect(page.getByRole('button', { name: countdownName(text(locale, 'register.otp.resendIn', { time: '@' })) })).toBeDisabled();
    await shot('2-otp');
    await expectAccessible(page);
    await ui.field('register.otp.label').fill((await readOtp(request, phone)).code);
    await ui.button('register.otp.verify').click();

    await expect(ui.heading('register.profile.title')).toBeVisible();
    await ui.field('register.profile.name').fill('Mali Sodsai');
    await shot('3-profile');
    await expectAccessible(page);
    await ui.field('register.profile.password').fill('secret-123');
    await ui.field('register.profile.confirmPassword').fill('secret-123');
    await ui.button('register.next').click();

    await expect(ui.heading('register.bank.title')).toBeVisible();
    await expect(ui.field('register.bank.inviteCode')).toHaveValue('PR100001');
    await ui.field('register.bank.bank').selectOption('BBL');
    await expect(page.getByText(text(locale, 'register.bank.englishHint'))).toBeVisible();
    await shot('4-bank');
    await ui.button('register.bank.submit').scrollIntoViewIfNeeded();
    await shot('4-bank-end');
    await expectAccessible(page);
  });
}
