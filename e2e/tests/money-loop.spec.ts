import type { Page } from '@playwright/test';
import { MONEY_RULE_DEFAULTS } from '@jetton/contract/money-rules';
import { expect, expectAccessible, test, useLocale } from '../support/fixtures.ts';
import { text, type TestLocale } from '../support/i18n.ts';
import { acceptAgreement, DEMO, logIn } from './account-helpers.ts';
import { balanceHeader, fundWallet, gameCard, gameHoldings, money, switchLanguage } from './money-helpers.ts';

/** The baht transfer minimum: the demo member's wallet is baht. */
const TRANSFER_MIN = MONEY_RULE_DEFAULTS.THB.transferMin;

/** A slot of the demo game provider (/sandbox/games/pg). */
const GAME = { code: 'pg', name: 'Pagoda Gold' } as const;
const en = (key: string, values?: Record<string, string>) => text('en', key, values);
/** The statement's colours for money in and out (tokens.css --color-success-text / --color-danger-text). */
const GREEN = 'rgb(110, 226, 168)';
const RED = 'rgb(255, 154, 146)';
/** A failed movement's amount: muted and struck through (nothing moved). */
const VOID = 'line-through';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('the demo member moves 100 into a slot game, plays, checks the balance, moves it back and finds every movement on the statement', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const start = await fundWallet(request, DEMO, 1000);
  // The demo member's seeded history left money at other games: the header's total counts it too.
  const elsewhere = await gameHoldings(request, DEMO);

  await useLocale(page, 'en');
  await page.goto('/login');
  await logIn(page, 'en', DEMO.phone, DEMO.password);
  await expect(page).toHaveURL(/\/user\/home$/);

  // The agreement opens by itself shortly after home; accepting it is remembered.
  await expect(page.getByRole('dialog', { name: en('home.agreement.title') })).toBeVisible();
  await expectAccessible(page);
  await acceptAgreement(page, 'en');
  expect(await page.evaluate(() => localStorage.getItem('remember-agreement'))).not.toBeNull();

  const header = balanceHeader(page, 'en');
  await expect(header.getByText(money(start + elsewhere), { exact: true })).toBeVisible();

  // Open an account at the slot game: the dialog then shows its credentials.
  await gameCard(page, GAME.name)
    .getByRole('button', { name: en('home.games.open') })
    .click();
  const dialog = page.getByRole('dialog', { name: GAME.name });
  await expect(dialog.getByText(en('home.gameDialog.openText', { name: GAME.name }))).toBeVisible();
  await dialog.getByRole('button', { name: en('home.games.open') }).click();
  await expect(page.getByText(en('home.gameDialog.opened', { name: GAME.name }))).toBeVisible();
  const copyName = en('home.gameDialog.copy', { label: en('home.gameDialog.username') });
  const usernameValue = dialog.getByRole('definition').filter({ has: page.getByRole('button', { name: copyName }) });
  await expect(usernameValue).toHaveText(/^jpg\d+$/);
  const username = ((await usernameValue.textContent()) ?? '').trim();
  const copyUsername = dialog.getByRole('button', { name: copyName });
  await copyUsername.click();
  await expect(page.getByText(en('common.copied', { text: username }))).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(username);

  // 'Transfer' with no amount puts the cursor in the amount field; then 100 goes in.
  const amount = dialog.getByLabel(en('home.gameDialog.amount'), { exact: true });
  const transferIn = dialog.getByRole('button', { name: en('home.gameDialog.transfer'), exact: true });
  await transferIn.click();
  await expect(amount).toBeFocused();
  await amount.fill('100');
  await transferIn.click();
  await expect(page.getByText(en('home.transferDialog.success'))).toBeVisible();
  await expect(dialog.getByText(en('home.gameDialog.amountHint', { amount: money(start - 100) }))).toBeVisible();
  await expect(amount).toHaveValue('');

  // Play with the amount empty: the game opens in a new tab without a transfer.
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: en('home.gameDialog.play.android') }).click();
  const game = await popup;
  await expect(game).toHaveURL(new RegExp(`/sandbox/games/${GAME.code}/play$`));
  await expect(game.getByText(username)).toBeVisible();
  const atGame = await playRounds(game, 3);
  await game.close();
  await expect(dialog.getByText(en('home.gameDialog.amountHint', { amount: money(start - 100) }))).toBeVisible();
  await dialog.getByRole('button', { name: en('common.close') }).click();

  // 'Check balance' asks the provider: the card and the total follow the rounds played.
  await header.getByRole('button', { name: en('home.checkBalance') }).click();
  await expect(header.getByText(/^Last update: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/)).toBeVisible();
  expect(Number(await page.evaluate(() => localStorage.getItem('last_sync')))).toBeGreaterThan(0);
  await expect(gameCard(page, GAME.name).getByText(money(atGame), { exact: true }).first()).toBeVisible();
  const total = start - 100 + atGame + elsewhere;
  await expect(header.getByText(money(total), { exact: true })).toBeVisible();

  // The transfer modal checks the form before anything is sent.
  await header.getByRole('button', { name: en('home.transfer') }).click();
  const modal = page.getByRole('dialog', { name: en('home.transferDialog.title') });
  const from = modal.getByLabel(en('home.transferDialog.from'), { exact: true });
  const to = modal.getByLabel(en('home.transferDialog.to'), { exact: true });
  const sum = modal.getByLabel(en('home.transferDialog.amount'), { exact: true });
  const send = modal.getByRole('button', { name: en('home.transferDialog.submit') });
  await expect(sum).toHaveAttribute('inputmode', 'decimal');
  await send.click();
  await expect(modal.getByText(en('home.transferDialog.selectAccount'))).toHaveCount(2);
  await expect(modal.getByText(en('home.transferDialog.minimum', { amount: `฿${money(TRANSFER_MIN)}` }))).toBeVisible();
  await from.selectOption(GAME.code);
  await to.selectOption(GAME.code);
  await sum.fill(String(TRANSFER_MIN / 2));
  await send.click();
  await expect(modal.getByText(en('home.transferDialog.sameAccount'))).toBeVisible();
  await expect(modal.getByText(en('home.transferDialog.minimum', { amount: `฿${money(TRANSFER_MIN)}` }))).toBeVisible();

  // More than the game holds: the provider refuses, and an error dialog says why.
  await to.selectOption('WALLET');
  await sum.fill(String(atGame + 1000));
  await send.click();
  const failure = page.getByRole('alertdialog', { name: en('common.errorTitle') });
  await expect(failure.getByText(en('errors.MONEY_NOT_ENOUGH'))).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('transfer-error-en.png') });
  await expectAccessible(page);
  await failure.getByRole('button', { name: en('common.ok') }).click();
  await expect(failure).toBeHidden();

  // Everything back to the wallet.
  await sum.fill(atGame.toFixed(2));
  await send.click();
  await expect(modal).toBeHidden();
  await expect(page.getByText(en('home.transferDialog.success'))).toBeVisible();
  await expect(header.getByText(money(total), { exact: true })).toBeVisible();
  await expect(gameCard(page, GAME.name).getByText(money(0), { exact: true }).first()).toBeVisible();

  // The statement, newest first, signed from the wallet's side.
  await page
    .getByRole('navigation', { name: en('nav.member') })
    .getByRole('link', { name: en('nav.statement') })
    .click();
  const rows = page.getByRole('list', { name: en('statement.listLabel') }).getByRole('listitem');
  await expectRow(rows.nth(0), `${GAME.name} → Wallet`, `+${money(atGame)}`, en('statement.status.success'), GREEN);
  await expectRow(rows.nth(1), `${GAME.name} → Wallet`, `+${money(atGame + 1000)}`, en('statement.status.failed'), VOID);
  await expectRow(rows.nth(2), `Wallet → ${GAME.name}`, `-${money(100)}`, en('statement.status.success'), RED);
  await expect(rows.filter({ hasText: en('statement.types.deposit') }).first()).toContainText('+');

  await screensInEveryLanguage(page, testInfo.outputPath.bind(testInfo));
});

/** Plays `rounds` spins at the demo slot and returns the credit left there. */
async function playRounds(game: Page, rounds: number): Promise<number> {
  const history = game.getByRole('table').getByRole('row');
  const before = await history.count();
  for (let round = 1; round <= rounds; round++) {
    await game.getByRole('button', { name: 'Spin' }).click();
    await expect(history).toHaveCount(before + round);
  }
  await expect(game.getByRole('button', { name: 'Spin' })).toBeEnabled();
  return Number(await game.locator('#balance').getAttribute('data-minor')) / 100;
}

async function expectRow(row: ReturnType<Page['getByRole']>, description: string, amount: string, status: string, look: string) {
  await expect(row).toContainText(description);
  await expect(row).toContainText(status);
  const figure = row.getByText(amount, { exact: true });
  if (look === VOID) await expect(figure).toHaveCSS('text-decoration-line', VOID);
  else await expect(figure).toHaveCSS('color', look);
}

/** Home, the game dialog, the transfer modal and the statement at 390 x 844 in th, la and en, each checked with axe. */
async function screensInEveryLanguage(page: Page, outputPath: (name: string) => string) {
  // Toasts keep the language they were shown in: let the last ones go before the pictures.
  await expect(page.getByRole('region', { name: en('common.notifications') }).getByRole('status')).toHaveCount(0);
  let current: TestLocale = 'en';
  for (const locale of ['th', 'la', 'en'] as const) {
    await switchLanguage(page, current, locale);
    current = locale;
    const t = (key: string, values?: Record<string, string>) => text(locale, key, values);
    await expect(page.getByRole('heading', { name: t('statement.title') })).toBeVisible();
    await page.screenshot({ path: outputPath(`statement-${locale}.png`) });
    await expectAccessible(page);

    await page
      .getByRole('navigation', { name: t('nav.member') })
      .getByRole('link', { name: t('nav.home') })
      .click();
    await expect(balanceHeader(page, locale)).toBeVisible();
    await page.screenshot({ path: outputPath(`home-${locale}.png`) });
    await expectAccessible(page);

    await gameCard(page, GAME.name)
      .getByRole('button', { name: t('home.games.view') })
      .click();
    const dialog = page.getByRole('dialog', { name: GAME.name });
    await expect(dialog.getByRole('button', { name: t('home.gameDialog.play.ios') })).toBeEnabled();
    await page.screenshot({ path: outputPath(`game-dialog-${locale}.png`) });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: t('common.close') }).click();

    await balanceHeader(page, locale)
      .getByRole('button', { name: t('home.transfer') })
      .click();
    const modal = page.getByRole('dialog', { name: t('home.transferDialog.title') });
    await modal.getByRole('button', { name: t('home.transferDialog.submit') }).click();
    await expect(modal.getByText(t('home.transferDialog.selectAccount')).first()).toBeVisible();
    await page.screenshot({ path: outputPath(`transfer-${locale}.png`) });
    await expectAccessible(page);
    await modal.getByRole('button', { name: t('common.close') }).click();

    await page
      .getByRole('navigation', { name: t('nav.member') })
      .getByRole('link', { name: t('nav.statement') })
      .click();
  }
}
