import { randomInt } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { QR_PROVIDERS } from '@jetton/contract/constants';
import { MONEY_RULE_DEFAULTS, type TMoneyLookup } from '@jetton/contract/money-rules';
import { expect, test } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';
import { acceptAgreement, logIn, readOtp, uniqueAccountNo, uniquePhone } from './account-helpers.ts';
import { payQr, tokenOf, walletAnswer } from './deposit-helpers.ts';
import { balanceHeader, money } from './money-helpers.ts';

const la = (key: string, values?: Record<string, string>) => text('la', key, values);
const kip = (amount: number) => `₭${money(amount)}`;

/** A member of the Lao build with a kip wallet, registered through the API as the wizard does. */
async function registerKipMember(request: APIRequestContext): Promise<{ phone: string; password: string }> {
  const member = { phone: uniquePhone('lao'), password: `kip-${randomInt(100_000, 999_999)}` };
  const sent = await request.post('/api/otp/send', { data: { phoneNumber: member.phone } });
  expect(sent.ok(), 'the code is sent').toBe(true);
  const { otpToken, code } = (await sent.json()) as { otpToken: string; code: string };
  if (code !== 'OTP_VERIFIED') {
    const otp = await readOtp(request, member.phone);
    expect((await request.post('/api/otp/verify', { data: { otpToken, otpCode: otp.code } })).ok()).toBe(true);
  }
  const registered = await request.post('/api/account', {
    data: {
      name: 'KIP TESTER',
      username: member.phone,
      password: member.password,
      bankCode: 'BCEL',
      bankAccountName: 'KIP TESTER',
      bankAccountNo: uniqueAccountNo(),
      currency: 'LAK',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return member;
}

function widget(page: Page, name: 'deposit' | 'withdraw'): Locator {
  return page.getByRole('region', { name: la('home.widgets.title') }).getByRole('button', { name: la(`home.widgets.${name}`) });
}

/** No baht sign anywhere the member can read. */
async function expectNoBaht(page: Page): Promise<void> {
  expect(await page.locator('body').innerText()).not.toContain('฿');
}

/**
 * The Lao build with a kip wallet (docs/money.md, "Rules per currency"): every
 * amount shown and accepted comes from the kip rules, never a baht figure.
 */
test('a kip member sees and is held to kip figures on home, every deposit method, withdraw, bonus and spin', async ({ page, request }) => {
  test.setTimeout(240_000);
  const rules = (await (await request.get('/api/lookup/money?currency=LAK')).json()) as TMoneyLookup;
  expect(rules).toMatchObject({ currency: 'LAK', withdrawMin: MONEY_RULE_DEFAULTS.LAK.withdrawMin, giftLinkMin: null });
  // QR picks and minimums are served by GET /api/qrcode/rules in the member's currency: the kip defaults here.
  const kipQr = MONEY_RULE_DEFAULTS.LAK.qr;
  const member = await registerKipMember(request);
  const token = await tokenOf(request, member);

  await page.goto('/login');
  await logIn(page, 'la', member.phone, member.password);
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page, 'la');
  await expect(balanceHeader(page, 'la').getByText(la('home.currencyLAK'), { exact: true })).toBeVisible();
  await expectNoBaht(page);

  // Deposit: the kip account of the site, kip QR picks, and no gift-link tab (gift links pay baht).
  await widget(page, 'deposit').click();
  const deposit = page.getByRole('dialog', { name: la('home.depositDialog.title') });
  await expect(deposit.getByText('JETTON DEMO CO LTD')).toBeVisible();
  await expect(deposit.getByRole('tab', { name: la('home.depositDialog.tabBank') })).toBeVisible();
  await expect(deposit.getByRole('tab', { name: la('home.depositDialog.tabGift') })).toHaveCount(0);
  await expectNoBaht(page);
  await deposit.getByRole('tab', { name: la('home.depositDialog.tabQr') }).click();
  const picks = deposit.getByRole('group', { name: la('home.depositDialog.quickPicks') });
  for (const provider of [...QR_PROVIDERS].reverse()) {
    await deposit.getByRole('tab', { name: la(`home.depositDialog.providerNames.${provider}`) }).click();
    await expect(picks.getByRole('button')).toHaveText(kipQr[provider].amounts.map(kip));
    await expect(deposit.getByText(la('home.depositDialog.qrMinimum', { amount: kip(kipQr[provider].min) }))).toBeVisible();
    await expectNoBaht(page);
  }
  // KBANK is the last provider visited: 10,000 kip is below its kip minimum, 100,000 kip is a pick.
  const amountField = deposit.getByRole('textbox', { name: la('home.depositDialog.qrAmount'), exact: true });
  const create = deposit.getByRole('button', { name: la('home.depositDialog.qrCreate') });
  await amountField.fill('10000');
  await expect(create).toBeDisabled();
  await picks.getByRole('button', { name: kip(100_000) }).click();
  await create.click();
  await expect(deposit.getByText(la('home.depositDialog.qrPay', { amount: money(100_000) }))).toBeVisible();
  const state = await request.get('/api/qrcode/KBANK', { headers: { authorization: `Bearer ${token}` } });
  await payQr(request, ((await state.json()) as { payload: string }).payload);
  await expect.poll(async () => (await walletAnswer(request, token)).wallet.amount, { timeout: 30_000 }).toBe(100_000);
  // The kip coin rule: one coin per coinPer kip deposited (50,000 kip), so 100,000 kip earns 2.
  expect(100_000 / rules.coinPer).toBe(2);
  await deposit.getByRole('button', { name: la('home.depositDialog.done') }).click();

  // Withdraw: the kip limits in the hint; below the kip minimum refused in the form; 60,000 kip goes.
  await widget(page, 'withdraw').click();
  const withdraw = page.getByRole('dialog', { name: la('home.withdrawDialog.title') });
  await expect(
    withdraw.getByText(
      la('home.withdrawDialog.limits', { min: kip(rules.withdrawMin), max: kip(rules.withdrawMax), balance: kip(100_000) }),
    ),
  ).toBeVisible();
  const amount = withdraw.getByLabel(la('home.withdrawDialog.amount'));
  await amount.fill('10000');
  await withdraw.getByRole('button', { name: la('home.withdrawDialog.submit') }).click();
  await expect(withdraw.getByText(la('home.withdrawDialog.minimum', { amount: kip(rules.withdrawMin) }))).toBeVisible();
  await expectNoBaht(page);
  await amount.fill('60000');
  await withdraw.getByRole('button', { name: la('home.withdrawDialog.submit') }).click();
  await expect(page.getByText(la('home.withdrawDialog.success'))).toBeVisible();
  await expect.poll(async () => (await walletAnswer(request, token)).wallet.amount).toBe(40_000);

  // Bonus: the kip figures of each listed bonus (rules.money.LAK.bonuses), the smallest kip wallet they take.
  const kipRules = MONEY_RULE_DEFAULTS.LAK;
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const listed = (await (await request.get('/api/bonus', auth)).json()) as { code: string; maxBonus: number; minDeposit: number }[];
  expect(listed.length).toBeGreaterThan(0);
  for (const bonus of listed) expect({ maxBonus: bonus.maxBonus, minDeposit: bonus.minDeposit }).toEqual(kipRules.bonuses[bonus.code]);
  const least = Math.min(...listed.map((b) => b.minDeposit));
  await page.goto('/user/bonus');
  await expect(page.getByRole('heading', { name: la('bonus.title') }).first()).toBeVisible();
  await expect(page.getByText(la('bonus.minimum', { amount: kip(least) }))).toBeVisible();
  await expectNoBaht(page);
  await page.getByRole('main').getByRole('button').filter({ hasText: '100%' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoBaht(page);
  await page.keyboard.press('Escape');

  // Spin: the wheel's money prizes are labelled and paid in kip (rules.money.LAK.prizes); the 2 coins the kip deposit earned.
  const setup = (await (await request.get('/api/spinwheel/setup', auth)).json()) as { slices: { code: string; label: string }[] };
  for (const slice of setup.slices) {
    const prize = kipRules.prizes[slice.code];
    if (prize !== undefined) expect(slice.label).toBe(`₭${prize.toLocaleString('en-US')}`);
    expect(slice.label).not.toContain('฿');
  }
  await page.goto('/user/spin');
  await expect(page.getByText(la('spin.coins', { count: '2' }))).toBeVisible();
  await expectNoBaht(page);
});
