import { expect, expectAccessible, test, useLocale } from '../support/fixtures.ts';
import { text, type TestLocale } from '../support/i18n.ts';
import { acceptAgreement, logIn, registerMember } from './account-helpers.ts';
import { openDepositDialog, tokenOf, totalMinor, walletAnswer } from './deposit-helpers.ts';
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
    const member = await registerMember(request);
    const token = await tokenOf(request, member);
    const before = await walletAnswer(request, token);
    const own = before.bankAccount;
    if (!own) throw new Error('a registered member has a bank account');

    await useLocale(page, locale);
    await page.goto('/login');
    await logIn(page, locale, member.phone, member.password);
    await expect(page).toHaveURL(/\/user\/home$/);
    await acceptAgreement(page, locale);

    const deposit = await openDepositDialog(page, locale);
    await expect(deposit.getByText(t('home.depositDialog.autoTitle'))).toBeVisible();
    // The registered account, masked as banks print it: only its last four digits.
    await expect(deposit.getByText(new RegExp(`x+${own.bankAccountNo.slice(-4)}`))).toBeVisible();
    await expect(deposit.getByText(t('home.depositDialog.autoWaiting'))).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`auto-deposit-waiting-${locale}.png`) });
    await expectAccessible(page);

    // The member's banking app: a transfer from their own account to the site's AUTO account.
    const bank = await context.newPage();
    await bank.goto('/sandbox/bank');
    // The simulator's form by its field names (a label wrapping a select takes the option's text into its name):
    // the member's account picked from the registered ones, or typed in as a banking app would have it.
    if (locale === 'th') {
      await bank.locator('select[name="member"]').selectOption(`${own.bankCode}|${own.bankAccountNo}|${own.bankAccountName}`);
    } else {
      await bank.locator('select[name="senderBank"]').selectOption(own.bankCode);
      await bank.locator('input[name="senderAccount"]').fill(own.bankAccountNo);
      await bank.locator('input[name="senderName"]').fill(own.bankAccountName);
    }
    const receiver = bank.locator('select[name="receiver"]');
    const value = await receiver
      .locator('option')
      .evaluateAll(
        (options, wanted) => (options as HTMLOptionElement[]).find((o) => o.value.startsWith(wanted))?.value ?? '',
        `${AUTO_ACCOUNT.bank}|${AUTO_ACCOUNT.accountNo}|`,
      );
    await receiver.selectOption(value);
    await bank.locator('input[name="amount"]').fill('321');
    await bank.getByRole('button', { name: 'Transfer' }).click();
    await expect(bank.getByRole('heading', { name: 'Transfer done' })).toBeVisible();
    await bank.close();

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
