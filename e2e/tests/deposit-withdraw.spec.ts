import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, expectAccessible, test, useLocale } from '../support/fixtures.ts';
import { text, type TestLocale } from '../support/i18n.ts';
import { acceptAgreement, logIn, registerMember } from './account-helpers.ts';
import { bankSlip, decodeQr, giftLink, payQr, tokenOf, totalMinor, walletAnswer } from './deposit-helpers.ts';
import { balanceHeader, money } from './money-helpers.ts';

const en = (key: string, values?: Record<string, string>) => text('en', key, values);

test.use({ viewport: { width: 390, height: 844 } });

/** A unique amount, so this run's slip row is told apart from earlier runs' rows. */
function uniqueAmount(base: number): number {
  return base + (Date.now() % 90) + 0.25;
}

function widget(page: Page, locale: TestLocale, name: 'deposit' | 'withdraw'): Locator {
  return page
    .getByRole('region', { name: text(locale, 'home.widgets.title') })
    .getByRole('button', { name: text(locale, `home.widgets.${name}`) });
}

async function expectTotal(page: Page, minor: number): Promise<void> {
  await page.reload();
  await expect(balanceHeader(page, 'en').getByText(money(minor / 100), { exact: true })).toBeVisible();
}

test('a member deposits by slip, QR and gift link, withdraws, and sees the balance, slips and statement follow', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  // A member of its own: the money loop test moves the demo member's money at the same time.
  const member = await registerMember(request);
  const token = await tokenOf(request, member);
  await useLocale(page, 'en');
  await page.goto('/login');
  await logIn(page, 'en', member.phone, member.password);
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page, 'en');

  // 1. Bank transfer: the site's account with a copy button, then the slip of a sandbox bank transfer.
  const slipAmount = uniqueAmount(200);
  const slip = await bankSlip(request, token, slipAmount);
  await widget(page, 'en', 'deposit').click();
  const deposit = page.getByRole('dialog', { name: en('home.depositDialog.title') });
  await expect(deposit.getByRole('tab', { name: en('home.depositDialog.tabBank') })).toHaveAttribute('aria-selected', 'true');
  await expect(deposit.getByRole('button', { name: /^Copy account number/ }).first()).toBeVisible();
  await expectAccessible(page);
  const upload = deposit.getByRole('button', { name: en('home.depositDialog.slipUpload') });
  await expect(upload).toBeDisabled();
  // The picker speaks the member's language; the real file input behind it still takes the file.
  await expect(deposit.getByText(en('home.depositDialog.slipChoose'), { exact: true })).toBeVisible();
  await deposit.getByLabel(en('home.depositDialog.slipLabel')).setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slip });
  await expect(deposit.getByText('slip.png', { exact: true })).toBeVisible();
  await expect(deposit.getByText(en('home.depositDialog.slipChooseAnother'), { exact: true })).toBeVisible();
  await expectAccessible(page);
  await upload.click();
  // The dialog watches the slip until the verifier decides.
  await expect(deposit.getByText(en('home.depositDialog.slipChecking'))).toBeVisible();
  await expect(deposit.getByText(en('home.depositDialog.arrivedText', { amount: money(slipAmount) }))).toBeVisible({ timeout: 30_000 });
  await deposit.getByRole('button', { name: en('home.depositDialog.done') }).click();

  // The slip history shows it processing, then credited once the verifier has run.
  await page.goto('/user/statement');
  await page.getByRole('button', { name: en('statement.slips') }).click();
  const slips = page.getByRole('dialog', { name: en('statement.slips') });
  const row = slips.getByRole('row').filter({ hasText: money(slipAmount) });
  await expect(async () => {
    await slips.getByRole('button', { name: en('statement.slipDialog.refresh') }).click();
    await expect(row.getByRole('cell', { name: en('statement.slipDialog.success') })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expectAccessible(page);
  await slips.getByRole('button', { name: en('common.close'), exact: true }).click();

  // 2. QR: a quick pick, the QR with its amount and a mm:ss countdown, paid at the sandbox gateway.
  await page.goto('/user/home');
  let before = totalMinor(await walletAnswer(request, token));
  await widget(page, 'en', 'deposit').click();
  await deposit.getByRole('tab', { name: en('home.depositDialog.tabQr') }).click();
  const qrCancel = deposit.getByRole('button', { name: en('home.depositDialog.qrCancel') });
  if (await qrCancel.isVisible()) await qrCancel.click(); // a QR left open by an earlier run
  await deposit
    .getByRole('group', { name: en('home.depositDialog.quickPicks') })
    .getByRole('button', { name: `฿${money(100)}` })
    .click();
  await deposit.getByRole('button', { name: en('home.depositDialog.qrCreate') }).click();
  const qr = deposit.getByRole('img', { name: en('home.depositDialog.qrImage', { amount: money(100) }) });
  await expect(qr).toBeVisible();
  await expect(deposit.getByText(en('home.depositDialog.qrPay', { amount: money(100) }))).toBeVisible();
  const timer = deposit.getByRole('timer');
  await expect(timer).toHaveText(/\d{2}:\d{2}$/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? '');
  await expectAccessible(page);
  await payQr(request, await decodeQr(await qr.screenshot()));
  await expect.poll(async () => totalMinor(await walletAnswer(request, token)), { timeout: 30_000 }).toBe(before + 10_000);
  await expectTotal(page, before + 10_000);

  // 3. Gift link: Send waits for a link; the link issued at the sandbox voucher service credits the wallet.
  before = totalMinor(await walletAnswer(request, token));
  const link = await giftLink(request, 50);
  await widget(page, 'en', 'deposit').click();
  await deposit.getByRole('tab', { name: en('home.depositDialog.tabGift') }).click();
  const send = deposit.getByRole('button', { name: en('home.depositDialog.giftSend') });
  await expect(send).toBeDisabled();
  await expectAccessible(page);
  await deposit.getByRole('textbox', { name: en('home.depositDialog.giftLabel') }).fill(link);
  await send.click();
  await expect(deposit.getByText(en('home.depositDialog.arrivedText', { amount: money(50) }))).toBeVisible();
  await expectTotal(page, before + 5_000);

  // 4. Withdraw: below the minimum is refused in the form; 100 is held and on its way.
  before = totalMinor(await walletAnswer(request, token));
  await widget(page, 'en', 'withdraw').click();
  const withdraw = page.getByRole('dialog', { name: en('home.withdrawDialog.title') });
  const amount = withdraw.getByLabel(en('home.withdrawDialog.amount'));
  await amount.fill('0.5');
  await withdraw.getByRole('button', { name: en('home.withdrawDialog.submit') }).click();
  await expect(withdraw.getByText(/minimum withdrawal/)).toBeVisible();
  await expectAccessible(page);
  await amount.fill('100');
  await withdraw.getByRole('button', { name: en('home.withdrawDialog.submit') }).click();
  await expect(page.getByText(en('home.withdrawDialog.success'))).toBeVisible();
  await expectTotal(page, before - 10_000);
  await page.goto('/user/statement');
  const lines = page.getByRole('list', { name: en('statement.listLabel') }).getByRole('listitem');
  await expect(lines.first()).toContainText(en('statement.types.withdraw'));
  // Each deposit says how it came in, in words: never a raw id.
  for (const channel of ['slip', 'qr', 'giftlink'] as const) {
    await expect(lines.filter({ hasText: en(`statement.channel.${channel}`) })).toHaveCount(1);
  }
  await expect(lines.filter({ hasText: en('statement.channel.slip') })).toContainText(money(slipAmount));

  await screensInEveryLanguage(page, testInfo);
});

async function screensInEveryLanguage(page: Page, testInfo: TestInfo): Promise<void> {
  for (const locale of ['th', 'la', 'en'] as const) {
    // A later init script wins: every page load from here on starts in this language.
    await useLocale(page, locale);
    await page.goto('/user/statement');
    await page.getByRole('button', { name: text(locale, 'statement.slips') }).click();
    const slips = page.getByRole('dialog', { name: text(locale, 'statement.slips') });
    await expect(slips.getByRole('table')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`slips-${locale}.png`) });
    await slips.getByRole('button', { name: text(locale, 'common.close'), exact: true }).click();

    await page.goto('/user/home');
    await widget(page, locale, 'deposit').click();
    const deposit = page.getByRole('dialog', { name: text(locale, 'home.depositDialog.title') });
    for (const tab of ['tabBank', 'tabQr', 'tabGift'] as const) {
      await deposit.getByRole('tab', { name: text(locale, `home.depositDialog.${tab}`) }).click();
      await expect(deposit.getByRole('tabpanel').first()).not.toBeEmpty();
      await page.screenshot({ path: testInfo.outputPath(`deposit-${tab}-${locale}.png`) });
    }
    await deposit
      .getByRole('button', { name: text(locale, 'common.close'), exact: true })
      .first()
      .click();
    await widget(page, locale, 'withdraw').click();
    const withdraw = page.getByRole('dialog', { name: text(locale, 'home.withdrawDialog.title') });
    await expect(withdraw.getByText(/\d/).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`withdraw-${locale}.png`) });
    await withdraw.getByRole('button', { name: text(locale, 'common.close'), exact: true }).click();
  }
}
