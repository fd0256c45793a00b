import type { APIRequestContext } from '@playwright/test';
import { expect, test, useLocale } from '../support/fixtures.ts';
import { REAL_PROTOCOL_ENV } from '../support/real-protocols.ts';
import { text } from '../support/i18n.ts';
import { acceptAgreement, logIn, readOtp, screenText, uniqueAccountNo, uniquePhone } from './account-helpers.ts';
import { openDepositDialog } from './deposit-helpers.ts';
import { money } from './money-helpers.ts';

const en = (key: string, values?: Record<string, string>) => text('en', key, values);

/** The ThaiBulkSMS simulator's credit left, as its page shows it: each SMS the site sends through it costs one. */
async function smsCredit(request: APIRequestContext): Promise<number> {
  const page = await (await request.get('/sandbox/thaibulksms')).text();
  return Number(/Credit left: (\d+)/.exec(page)?.[1] ?? Number.NaN);
}

test('with EasySlip and ThaiBulkSMS configured, a member registers with an SMS code, deposits by slip and withdraws', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
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
  const deposit = await openDepositDialog(page, 'en');
  await deposit.getByLabel(en('home.depositDialog.slipLabel')).setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slip });
  await deposit.getByRole('button', { name: en('home.depositDialog.slipUpload') }).click();
  await expect(deposit.getByText(en('home.depositDialog.arrivedText', { amount: money(amount) }))).toBeVisible({ timeout: 60_000 });

  await deposit.getByRole('button', { name: en('home.depositDialog.done') }).click();

  // 4. The credited money withdraws to the registered account as with the generic adapters.
  await page
    .getByRole('region', { name: en('home.widgets.title') })
    .getByRole('button', { name: en('home.widgets.withdraw') })
    .click();
  const withdraw = page.getByRole('dialog', { name: en('home.withdrawDialog.title') });
  await withdraw.getByLabel(en('home.withdrawDialog.amount')).fill('100');
  await withdraw.getByRole('button', { name: en('home.withdrawDialog.submit') }).click();
  await expect(page.getByText(en('home.withdrawDialog.success'))).toBeVisible();

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
