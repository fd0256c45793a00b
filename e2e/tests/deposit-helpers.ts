import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { text, type TestLocale } from '../support/i18n.ts';
import { useLocale } from '../support/fixtures.ts';
import { acceptAgreement, logIn, registerMember } from './account-helpers.ts';
import { money } from './money-helpers.ts';

type Member = { phone: string; password: string };
type WalletAnswer = {
  wallet: { amount: number };
  slots: { amount: number }[];
  bankAccount: { bankCode: string; bankAccountNo: string; bankAccountName: string } | null;
};

export async function tokenOf(request: APIRequestContext, member: Member): Promise<string> {
  const response = await request.post('/api/login', { data: { username: member.phone, password: member.password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

export async function walletAnswer(request: APIRequestContext, token: string): Promise<WalletAnswer> {
  const response = await request.get('/api/wallet', { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as WalletAnswer;
}

/** Wallet plus every game, in minor units: what the home header's total shows. */
export function totalMinor(answer: WalletAnswer): number {
  return [answer.wallet.amount, ...answer.slots.map((slot) => slot.amount)].reduce((sum, n) => sum + Math.round(n * 100), 0);
}

/** A transfer at the sandbox bank from the member's own account to the site's; answers the slip PNG. */
export async function bankSlip(request: APIRequestContext, token: string, amount: number): Promise<Buffer> {
  const own = (await walletAnswer(request, token)).bankAccount;
  if (!own) throw new Error('the member has no bank account to deposit from');
  const lookup = (await (await request.get('/api/lookup/deposit')).json()) as {
    banks: { bankCode: string; bankAccountNo: string; bankAccountName: string; currency: string; mode: string }[];
  };
  // Not an AUTO account: its statement poller would credit the transfer before the slip is uploaded (which
  // the dialog then reports as arrived); a transfer to the SMS account waits for its slip.
  const thb = lookup.banks.filter((bank) => bank.currency === 'THB');
  const site = thb.find((bank) => bank.mode !== 'AUTO') ?? thb[0];
  if (!site) throw new Error('no THB deposit account in the deposit lookup');
  const sent = await request.post('/sandbox/bank/transfers', {
    data: {
      amount: amount.toFixed(2),
      sender: { bank: own.bankCode, account: own.bankAccountNo, name: own.bankAccountName },
      receiver: { bank: site.bankCode, account: site.bankAccountNo, name: site.bankAccountName },
    },
  });
  expect(sent.status(), 'the sandbox bank makes the transfer').toBe(201);
  const { slipUrl } = (await sent.json()) as { slipUrl: string };
  return (await request.get(slipUrl)).body();
}

/** Reads the QR on screen the way a payer's camera would (ZXing, as the server's slip reader). */
export async function decodeQr(png: Buffer): Promise<string> {
  const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  const bytes = await readFile(wasmPath);
  await prepareZXingModule({
    overrides: { wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
    fireImmediately: true,
  });
  const [result] = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'], tryHarder: true });
  if (!result?.text) throw new Error('no QR code in the screenshot');
  return result.text;
}

/** Pays a QR payload at the sandbox gateway (/sandbox/pay): the provider calls the site back. */
export async function payQr(request: APIRequestContext, payload: string): Promise<void> {
  const paid = await request.post('/sandbox/pay/pay', { data: { payload } });
  expect(paid.status(), await paid.text()).toBe(200);
}

/** Issues a gift link at the sandbox voucher service (/sandbox/voucher). */
export async function giftLink(request: APIRequestContext, amount: number): Promise<string> {
  const issued = await request.post('/sandbox/voucher/vouchers', { data: { amount: amount.toFixed(2) } });
  expect(issued.status()).toBe(201);
  return ((await issued.json()) as { link: string }).link;
}

/** Opens the deposit dialog from the home's widgets, as a member taps it; answers the dialog. */
export async function openDepositDialog(page: Page, locale: TestLocale): Promise<Locator> {
  await page
    .getByRole('region', { name: text(locale, 'home.widgets.title') })
    .getByRole('button', { name: text(locale, 'home.widgets.deposit') })
    .click();
  return page.getByRole('dialog', { name: text(locale, 'home.depositDialog.title') });
}

/**
 * Pays a QR at SCB as a payer would, on the SCB simulator's page: SCB then posts its documented
 * payment confirmation to the site (which checks it with SCB's inquiry).
 */
export async function payQrAtScb(context: BrowserContext, payload: string): Promise<void> {
  const payer = await context.newPage();
  await payer.goto('/sandbox/scb');
  await payer.getByLabel('QR payload').fill(payload);
  await payer.getByRole('button', { name: 'Pay' }).click();
  await expect(payer.getByRole('status')).toContainText("SCB's confirmation answered 200");
  await payer.close();
}

/** In the open deposit dialog: a QR for `amount` with `provider`; answers its payload as the copy button gives it. */
export async function createQrPayload(page: Page, deposit: Locator, provider: string, amount: number): Promise<string> {
  const t = (key: string, values?: Record<string, string>) => text('en', key, values);
  await deposit.getByRole('tab', { name: t('home.depositDialog.tabQr') }).click();
  await deposit
    .getByRole('tablist', { name: t('home.depositDialog.providers') })
    .getByRole('tab', { name: provider })
    .click();
  await deposit.getByRole('textbox', { name: t('home.depositDialog.qrAmount') }).fill(String(amount));
  await deposit.getByRole('button', { name: t('home.depositDialog.qrCreate') }).click();
  await expect(deposit.getByRole('img', { name: t('home.depositDialog.qrImage', { amount: money(amount) }) })).toBeVisible();
  await deposit.getByRole('button', { name: t('home.depositDialog.qrCopyPayload') }).click();
  return page.evaluate(() => navigator.clipboard.readText());
}

type BankAccount = NonNullable<WalletAnswer['bankAccount']>;

/**
 * A new member on the home screen, logged in with the agreement accepted, as a member arrives to
 * deposit; answers their token, their wallet before anything happens and their registered account.
 */
export async function newMemberOnHome(page: Page, request: APIRequestContext, locale: TestLocale, options: { name?: string } = {}) {
  const member = await registerMember(request, options);
  const token = await tokenOf(request, member);
  const before = await walletAnswer(request, token);
  const own = before.bankAccount;
  if (!own) throw new Error('a registered member has a bank account');
  await useLocale(page, locale);
  await page.goto('/login');
  await logIn(page, locale, member.phone, member.password);
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page, locale);
  return { member, token, before, own };
}

/**
 * The sender fields of a sandbox page (the bank, the SMS forwarder), by their field names (a label
 * wrapping a select takes the option's text into its name): picked from the registered accounts,
 * or typed in as a banking app would have it.
 */
export async function fillSandboxSender(page: Page, sender: BankAccount, how: 'pick' | 'type'): Promise<void> {
  if (how === 'pick') {
    await page.locator('select[name="member"]').selectOption(`${sender.bankCode}|${sender.bankAccountNo}|${sender.bankAccountName}`);
    return;
  }
  await page.locator('select[name="senderBank"]').selectOption(sender.bankCode);
  await page.locator('input[name="senderAccount"]').fill(sender.bankAccountNo);
  await page.locator('input[name="senderName"]').fill(sender.bankAccountName);
}

/** A transfer made on the sandbox bank's page, as a member's banking app would, to one of the site's accounts. */
export async function transferAtSandboxBank(
  context: BrowserContext,
  transfer: { sender: BankAccount; how: 'pick' | 'type'; receiver: { bank: string; accountNo: string }; amount: string },
): Promise<void> {
  const bank = await context.newPage();
  await bank.goto('/sandbox/bank');
  await fillSandboxSender(bank, transfer.sender, transfer.how);
  const receiver = bank.locator('select[name="receiver"]');
  const value = await receiver
    .locator('option')
    .evaluateAll(
      (options, wanted) => (options as HTMLOptionElement[]).find((o) => o.value.startsWith(wanted))?.value ?? '',
      `${transfer.receiver.bank}|${transfer.receiver.accountNo}|`,
    );
  await receiver.selectOption(value);
  await bank.locator('input[name="amount"]').fill(transfer.amount);
  await bank.getByRole('button', { name: 'Transfer' }).click();
  await expect(bank.getByRole('heading', { name: 'Transfer done' })).toBeVisible();
  await bank.close();
}
