import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { text, type TestLocale } from '../support/i18n.ts';
import { newMemberOnHome, openDepositDialog, totalMinor, transferAtSandboxBank, walletAnswer } from './deposit-helpers.ts';
import { balanceHeader, money } from './money-helpers.ts';

/** The seeded THB deposit account the site watches through the bank's statement (mode AUTO). */
const AUTO_ACCOUNT = { bank: 'KBANK', accountNo: '0123456789' } as const;

test.use({ viewport: { width: 390, height: 844 } });

for (const locale of ['th', 'en'] as const satisfies TestLocale[]) {
  test(`an automatic deposit in ${locale}: a transfer at the sandbox bank from the registered account arrives in the open dialog, no slip`, async ({
    page,
    context,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const t = (key: string, values?: Record<string, string>) => text(locale, key, values);
    const { token, before, own } = await newMemberOnHome(page, request, locale);

    const deposit = await openDepositDialog(page, locale);
    await expect(deposit.getByText(t('home.depositDialog.autoTitle'))).toBeVisible();
    // The registered account, masked as banks print it: only its last four digits.
    await expect(deposit.getByText(new RegExp(`x+${own.bankAccountNo.slice(-4)}`))).toBeVisible();
    await expect(deposit.getByText(t('home.depositDialog.autoWaiting'))).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`auto-deposit-waiting-${locale}.png`) });
    await expectAccessible(page);

    // The member's banking app: a transfer from their own account to the site's AUTO account.
    await transferAtSandboxBank(context, { sender: own, how: locale === 'th' ? 'pick' : 'type', receiver: AUTO_ACCOUNT, amount: '321' });

    // Back in the site's tab, without a reload: the statement poller finds the transfer and credits it.
    await expect(deposit.getByText(t('home.depositDialog.arrivedText', { amount: money(321) }))).toBeVisible({ timeout: 45_000 });
    await page.screenshot({ path: testInfo.outputPath(`auto-deposit-arrived-${locale}.png`) });
    await deposit.getByRole('button', { name: t('home.depositDialog.done') }).click();
    const after = totalMinor(before) + 32_100;
    await expect(balanceHeader(page, locale).getByText(money(after / 100), { exact: true })).toBeVisible();
    // One credit, no slip: the wallet is up by the amount exactly once.
    expect(totalMinor(await walletAnswer(request, token))).toBe(after);
  });
}
