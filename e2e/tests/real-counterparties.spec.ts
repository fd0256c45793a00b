import { expect, expectAccessible, test, useLocale } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';
import { acceptAgreement, logIn, registerMember } from './account-helpers.ts';
import {
  createQrPayload,
  openDepositDialog,
  payQrAtScb,
  tokenOf,
  totalMinor,
  transferAtSandboxBank,
  walletAnswer,
} from './deposit-helpers.ts';
import { linePushes, linkLine } from './line-helpers.ts';
import { money } from './money-helpers.ts';

const en = (key: string, values?: Record<string, string>) => text('en', key, values);
/** The operators' group the sandbox's LINE channel alerts (counterparty-config.ts). */
const OPERATOR_GROUP = 'Csandboxoperators0000000000000000';
/** The seeded THB deposit account the site watches through the bank's statement (mode AUTO). */
const AUTO_ACCOUNT = { bank: 'KBANK', accountNo: '0123456789' } as const;

test.use({ viewport: { width: 390, height: 844 }, permissions: ['clipboard-read', 'clipboard-write'] });

test('with SCB’s QR API and LINE pointed at their simulators: a member links LINE, pays a QR through SCB, and LINE tells them and the operators', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const member = await registerMember(request);
  const token = await tokenOf(request, member);
  const before = totalMinor(await walletAnswer(request, token));
  await useLocale(page, 'en');
  await page.goto('/login');
  await logIn(page, 'en', member.phone, member.password);
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page, 'en');

  // LINE: the profile gives a code, the member sends it to the bot (the simulator's signed webhook), the card shows the link.
  const lineUser = await linkLine(page, request, 'en');
  await expectAccessible(page);

  // A QR deposit with Paytimz, which this server sends through SCB's QR API.
  await page.goto('/user/home');
  const deposit = await openDepositDialog(page, 'en');
  const payload = await createQrPayload(page, deposit, 'Paytimz', 150);

  // The payer at SCB: SCB posts its payment confirmation to the site, which checks it with SCB's inquiry.
  await payQrAtScb(context, payload);
  await expect(deposit.getByText(en('home.depositDialog.arrivedText', { amount: money(150) }))).toBeVisible({ timeout: 15_000 });
  expect(totalMinor(await walletAnswer(request, token))).toBe(before + 15_000);

  // LINE: the member's notice reaches the LINE simulator (the outbox job sends it), once.
  await expect.poll(() => linePushes(request, lineUser), { timeout: 40_000 }).toContain('150.00 THB was credited to your wallet.');

  // An incoming transfer from an account no member has: the operators' group hears of it.
  const stranger = { bankCode: 'BBL', bankAccountNo: `9${Date.now().toString().slice(-9)}`, bankAccountName: 'NOBODY KNOWN' };
  await transferAtSandboxBank(context, { sender: stranger, how: 'type', receiver: AUTO_ACCOUNT, amount: '432.10' });
  await expect
    .poll(() => linePushes(request, OPERATOR_GROUP), { timeout: 90_000 })
    .toContain('มีเงินเข้า 432.10 THB ที่จับคู่กับสมาชิกไม่ได้ รอผู้ดูแลตัดสิน');
  expect((await linePushes(request, lineUser)).filter((t) => t.startsWith('150.00 THB'))).toHaveLength(1);
});
