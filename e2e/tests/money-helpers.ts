import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { text, type TestLocale } from '../support/i18n.ts';

/** Money as the site shows it: two decimals, thousands separators, Latin digits in every language. */
export function money(amount: number): string {
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}

/** A baht amount as the member's screens write it, with the currency sign (the demo and test members hold THB). */
export function baht(amount: number): string {
  return `฿${money(amount)}`;
}

export async function apiToken(request: APIRequestContext, phone: string, password: string): Promise<string> {
  const response = await request.post('/api/login', { data: { username: phone, password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

type WalletAnswer = {
  wallet: { amount: number };
  slots: { code: string; amount: number }[];
  bankAccount: { bankCode: string; bankAccountNo: string; bankAccountName: string } | null;
};

export async function walletOf(request: APIRequestContext, token: string): Promise<WalletAnswer> {
  const response = await request.get('/api/wallet', { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as WalletAnswer;
}

/** What the member holds at game providers, in baht: the part of the header's total that is not the wallet. */
export async function gameHoldings(request: APIRequestContext, member: { phone: string; password: string }): Promise<number> {
  const { slots } = await walletOf(request, await apiToken(request, member.phone, member.password));
  return slots.reduce((sum, slot) => sum + slot.amount, 0);
}

/**
 * Puts money in the member's wallet the way a member does: a transfer from
 * their own bank account to the site's deposit account at the sandbox bank,
 * then its slip uploaded (POST /api/wallet/slip); the slip verifier credits
 * the wallet. Only tops up what is missing, so a rerun against a kept
 * database does not pile up money. Returns the wallet amount afterwards.
 */
export async function fundWallet(
  request: APIRequestContext,
  member: { phone: string; password: string },
  atLeast: number,
): Promise<number> {
  const token = await apiToken(request, member.phone, member.password);
  const before = await walletOf(request, token);
  const missing = atLeast - before.wallet.amount;
  if (missing <= 0) return before.wallet.amount;
  await depositBySlip(request, token, missing);
  await expect.poll(async () => (await walletOf(request, token)).wallet.amount, { timeout: 30_000 }).toBeGreaterThanOrEqual(atLeast);
  return (await walletOf(request, token)).wallet.amount;
}

/**
 * One deposit of `amount` as a member makes it: a transfer at the sandbox bank
 * from their own account to the site's, then its slip uploaded. The verifier
 * credits the wallet (and the spin coins it earns) shortly after.
 */
export async function depositBySlip(request: APIRequestContext, token: string, amount: number): Promise<void> {
  const own = (await walletOf(request, token)).bankAccount;
  if (!own) throw new Error('the member has no bank account to deposit from');

  const lookup = (await (await request.get('/api/lookup/deposit')).json()) as {
    banks: { bankCode: string; bankAccountNo: string; bankAccountName: string }[];
  };
  const site = lookup.banks[0];
  if (!site) throw new Error('no deposit account in the deposit lookup');
  const sent = await request.post('/sandbox/bank/transfers', {
    data: {
      amount: amount.toFixed(2),
      sender: { bank: own.bankCode, account: own.bankAccountNo, name: own.bankAccountName },
      receiver: { bank: site.bankCode, account: site.bankAccountNo, name: site.bankAccountName },
    },
  });
  expect(sent.status(), 'the sandbox bank makes the transfer').toBe(201);
  const { slipUrl } = (await sent.json()) as { slipUrl: string };
  const slip = await (await request.get(slipUrl)).body();

  const uploaded = await request.post('/api/wallet/slip', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'slip.png', mimeType: 'image/png', buffer: slip } },
  });
  expect(uploaded.status(), 'the slip upload is accepted').toBe(201);
}

/** The home header (the region named by its 'Total balance' heading). */
export function balanceHeader(page: Page, locale: TestLocale): Locator {
  return page.getByRole('region', { name: text(locale, 'home.totalBalance') });
}

/** A game card on home, by the game's name. */
export function gameCard(page: Page, name: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** Picks a language with the top bar's select, as a member does. */
export async function switchLanguage(page: Page, from: TestLocale, to: TestLocale): Promise<void> {
  await page.getByRole('combobox', { name: text(from, 'language.label') }).selectOption(to);
  await expect(page.locator('html')).toHaveAttribute('lang', { th: 'th', la: 'lo', en: 'en' }[to]);
}

/** A withdrawal from the home's widgets, as a member makes one; waits for the success message. */
export async function withdrawFromHome(page: Page, locale: TestLocale, amount: number): Promise<void> {
  const t = (key: string) => text(locale, key);
  await page
    .getByRole('region', { name: t('home.widgets.title') })
    .getByRole('button', { name: t('home.widgets.withdraw') })
    .click();
  const withdraw = page.getByRole('dialog', { name: t('home.withdrawDialog.title') });
  await withdraw.getByLabel(t('home.withdrawDialog.amount')).fill(String(amount));
  await withdraw.getByRole('button', { name: t('home.withdrawDialog.submit') }).click();
  await expect(page.getByText(t('home.withdrawDialog.success'))).toBeVisible();
}
