import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, useLocale } from '../support/fixtures.ts';
import { adminText, loginDemo } from '../support/admin.ts';
import { REAL_PROTOCOL_ENV } from '../support/real-protocols.ts';
import { text } from '../support/i18n.ts';
import { acceptAgreement, logIn, readOtp, screenText, uniqueAccountNo, uniquePhone } from './account-helpers.ts';
import { createQrPayload, openDepositDialog, payQrAtScb } from './deposit-helpers.ts';
import { linePushes, linkLine } from './line-helpers.ts';
import { money, withdrawFromHome } from './money-helpers.ts';

const en = (key: string, values?: Record<string, string>) => text('en', key, values);

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The ThaiBulkSMS simulator's credit left, as its page shows it: each SMS the site sends through it costs one. */
async function smsCredit(request: APIRequestContext): Promise<number> {
  const page = await (await request.get('/sandbox/thaibulksms')).text();
  return Number(/Credit left: (\d+)/.exec(page)?.[1] ?? Number.NaN);
}

/** The member writes in the chat widget; a support operator answers from the back office's console; the member reads it. */
async function chatWithSupport(page: Page, desk: Page, words: string, answer: string): Promise<void> {
  await page.goto('/user/contact');
  await page.getByRole('button', { name: en('chat.open') }).click();
  const chat = page.getByRole('region', { name: en('chat.title') });
  await expect(chat.getByText(en('chat.status.online'))).toBeVisible();
  await chat.getByLabel(en('chat.placeholder')).fill(words);
  await chat.getByRole('button', { name: en('chat.send') }).click();
  await loginDemo(desk, 'en', 'support');
  await desk.getByRole('link', { name: adminText('en', 'screens.chat'), exact: true }).click();
  await desk.getByRole('button').filter({ hasText: words }).click();
  await expect(desk.getByRole('list', { name: adminText('en', 'chatConsole.history') }).getByText(words)).toBeVisible();
  await desk.getByLabel(adminText('en', 'chatConsole.reply'), { exact: true }).fill(answer);
  await desk.getByRole('button', { name: adminText('en', 'chatConsole.send') }).click();
  await expect(chat.getByText(answer)).toBeVisible();
}

test('with EasySlip, ThaiBulkSMS, SCB and LINE configured: a member registers with an SMS code, deposits by slip and by QR, withdraws and is answered in the chat', async ({
  page,
  context,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(300_000);
  // 1. Registration: the code goes out through ThaiBulkSMS's API (its simulator), into the outbox.
  const creditBefore = await smsCredit(request);
  const ui = screenText(page, 'en');
  const phone = uniquePhone();
  const password = 'real-pass-1';
  const accountNo = uniqueAccountNo();
  await useLocale(page, 'en');
  await page.goto('/register');
  await ui.field('register.phone.label').fill(phone);
  await ui.button('register.next').click();
  await expect(ui.heading('register.otp.title')).toBeVisible();
  const otp = await readOtp(request, phone);
  expect(await smsCredit(request)).toBe(creditBefore - 1);
  await ui.field('register.otp.label').fill(otp.code);
  await ui.button('register.otp.verify').click();
  await expect(ui.heading('register.profile.title')).toBeVisible();
  await ui.field('register.profile.name').fill('Real Tester');
  await ui.field('register.profile.password').fill(password);
  await ui.field('register.profile.confirmPassword').fill(password);
  await ui.button('register.next').click();
  await expect(ui.heading('register.bank.title')).toBeVisible();
  await ui.field('register.bank.bank').selectOption('SCB');
  await ui.field('register.bank.firstName').fill('real');
  await ui.field('register.bank.lastName').fill('tester');
  await ui.field('register.bank.accountNo').fill(accountNo);
  await ui.field('register.bank.source').selectOption('LINE');
  await ui.button('register.bank.submit').click();
  await expect(page.getByText(en('register.success'))).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // 2. A transfer at the sandbox bank from the new account to the site's, and its slip.
  const lookup = (await (await request.get('/api/lookup/deposit')).json()) as {
    banks: { bankCode: string; bankAccountNo: string; bankAccountName: string; currency: string }[];
  };
  const site = lookup.banks.find((bank) => bank.currency === 'THB');
  if (!site) throw new Error('no THB deposit account');
  const amount = 300 + (Date.now() % 90) + 0.5;
  const sent = await request.post('/sandbox/bank/transfers', {
    data: {
      amount: amount.toFixed(2),
      sender: { bank: 'SCB', account: accountNo, name: 'REAL TESTER' },
      receiver: { bank: site.bankCode, account: site.bankAccountNo, name: site.bankAccountName },
    },
  });
  expect(sent.status()).toBe(201);
  const { slipUrl, transRef, qrPayload } = (await sent.json()) as { slipUrl: string; transRef: string; qrPayload: string };
  const slip = await (await request.get(slipUrl)).body();

  // 3. The member uploads it; the verifier asks EasySlip (its simulator) and the wallet is credited.
  await logIn(page, 'en', phone, password);
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page, 'en');
  // LINE linked from the profile: the member's notices go to the LINE simulator through the Messaging API.
  const lineUser = await linkLine(page, request, 'en');
  await page.goto('/user/home');
  const deposit = await openDepositDialog(page, 'en');
  await deposit.getByLabel(en('home.depositDialog.slipLabel')).setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slip });
  await deposit.getByRole('button', { name: en('home.depositDialog.slipUpload') }).click();
  await expect(deposit.getByText(en('home.depositDialog.arrivedText', { amount: money(amount) }))).toBeVisible({ timeout: 60_000 });

  await deposit.getByRole('button', { name: en('home.depositDialog.done') }).click();

  // 4. A QR deposit with Paytimz, which this server sends through SCB's QR API; the payer pays at SCB,
  // whose documented payment confirmation (checked with SCB's inquiry) credits it.
  const qr = await openDepositDialog(page, 'en');
  await payQrAtScb(context, await createQrPayload(page, qr, 'Paytimz', 150));
  await expect(qr.getByText(en('home.depositDialog.arrivedText', { amount: money(150) }))).toBeVisible({ timeout: 30_000 });
  await qr.getByRole('button', { name: en('home.depositDialog.done') }).click();

  // 5. The credited money withdraws to the registered account as with the generic adapters.
  await withdrawFromHome(page, 'en', 100);

  // 6. The chat: the widget on (only this file's server), a support operator answers from the console.
  const widget = await request.put('/sandbox/ops/settings/enableChatWidget', { data: { enabled: true } });
  expect(widget.status()).toBe(200);
  const desk = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });
  await chatWithSupport(page, await desk.newPage(), `Where is my QR deposit? ${Date.now()}`, 'It arrived: 150.00 THB.');
  await desk.close();
  await request.put('/sandbox/ops/settings/enableChatWidget', { data: { enabled: false } });

  // LINE told the member of both deposits and of the chat reply, each once.
  const told = [
    `${money(amount)} THB was credited to your wallet.`,
    '150.00 THB was credited to your wallet.',
    'Support replied to your message. Open the chat on the site to read it.',
  ];
  await expect
    .poll(async () => (await linePushes(request, lineUser)).filter((line) => told.includes(line)).sort(), { timeout: 60_000 })
    .toEqual([...told].sort());

  // EasySlip was the one asked: it has seen this slip with checkDuplicate, so a second ask is duplicate_slip.
  const again = await request.get(
    `/sandbox/easyslip/api/v1/verify?${new URLSearchParams({ payload: qrPayload, checkDuplicate: 'true' }).toString()}`,
    {
      headers: { authorization: `Bearer ${REAL_PROTOCOL_ENV.EASYSLIP_API_KEY}` },
    },
  );
  expect(again.status()).toBe(400);
  expect(await again.json()).toMatchObject({ status: 400, message: 'duplicate_slip', data: { transRef } });
});
