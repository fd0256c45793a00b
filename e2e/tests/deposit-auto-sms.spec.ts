import { randomInt } from 'node:crypto';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { text, type TestLocale } from '../support/i18n.ts';
import { fillSandboxSender, newMemberOnHome, openDepositDialog, totalMinor, walletAnswer } from './deposit-helpers.ts';
import { balanceHeader, money } from './money-helpers.ts';

/** The demo's THB deposit account watched through its credit SMS (mode SMS), the sandbox phone its registered forwarder. */
const SMS_ACCOUNT = { bank: 'TMB', accountNo: '4560123789' } as const;

/** ttb's SMS shows four digits and the name cut short: a name no other test member has keeps the match to one. */
const uniqueName = () => `SOMSRI ${Array.from({ length: 6 }, () => String.fromCharCode(65 + randomInt(26))).join('')}`;

test.use({ viewport: { width: 390, height: 844 } });

for (const locale of ['th', 'en'] as const satisfies TestLocale[]) {
  test(`an SMS deposit in ${locale}: the bank's credit SMS forwarded by the sandbox phone arrives in the open dialog, no slip`, async ({
    page,
    context,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const t = (key: string, values?: Record<string, string>) => text(locale, key, values);
    const { token, before, own } = await newMemberOnHome(page, request, locale, { name: uniqueName() });

    const deposit = await openDepositDialog(page, locale);
    // The SMS-mode account is offered with the others; the dialog waits for a transfer from the registered account.
    await expect(
      deposit.getByRole('button', { name: t('home.depositDialog.copyNumber', { number: SMS_ACCOUNT.accountNo }) }),
    ).toBeVisible();
    await expect(deposit.getByText(t('home.depositDialog.autoTitle'))).toBeVisible();
    await expect(deposit.getByText(new RegExp(`x+${own.bankAccountNo.slice(-4)}`))).toBeVisible();
    await expect(deposit.getByText(t('home.depositDialog.autoWaiting'))).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`sms-deposit-waiting-${locale}.png`) });
    await expectAccessible(page);

    // The phone holding the site account's SIM: the bank's credit SMS for a transfer from the member's account,
    // forwarded signed by the registered device (the page starts filled with it).
    const phone = await context.newPage();
    await phone.goto('/sandbox/sms-forwarder');
    await phone.locator('select[name="site"]').selectOption(`${SMS_ACCOUNT.bank}|${SMS_ACCOUNT.accountNo}`);
    await fillSandboxSender(phone, own, locale === 'th' ? 'pick' : 'type');
    await phone.locator('input[name="amount"]').fill('234');
    await phone.getByRole('button', { name: 'Forward' }).click();
    await expect(phone.getByRole('heading', { name: 'SMS forwarded' })).toBeVisible();
    await expect(phone.getByText('"status":"credited"')).toBeVisible();
    await phone.close();

    // Back in the site's tab, without a reload: the forwarded SMS credited the wallet.
    await expect(deposit.getByText(t('home.depositDialog.arrivedText', { amount: money(234) }))).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: testInfo.outputPath(`sms-deposit-arrived-${locale}.png`) });
    await deposit.getByRole('button', { name: t('home.depositDialog.done') }).click();
    const after = totalMinor(before) + 23_400;
    await expect(balanceHeader(page, locale).getByText(money(after / 100), { exact: true })).toBeVisible();
    expect(totalMinor(await walletAnswer(request, token))).toBe(after);
  });
}
