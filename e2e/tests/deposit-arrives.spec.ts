import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, useLocale } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';
import { acceptAgreement, logIn, registerMember } from './account-helpers.ts';
import { bankSlip, decodeQr, payQr, tokenOf, totalMinor, walletAnswer } from './deposit-helpers.ts';
import { balanceHeader, money } from './money-helpers.ts';

const en = (key: string, values?: Record<string, string>) => text('en', key, values);

test.use({ viewport: { width: 390, height: 844 }, permissions: ['clipboard-read', 'clipboard-write'] });
// One member for the whole file (each registration spends a code from the per-IP SMS allowance), so one test at a time.
test.describe.configure({ mode: 'serial' });

let member: Promise<{ phone: string; password: string }> | undefined;
const theMember = (request: Parameters<typeof registerMember>[0]) => (member ??= registerMember(request));

async function openDeposit(page: Page) {
  await page
    .getByRole('region', { name: en('home.widgets.title') })
    .getByRole('button', { name: en('home.widgets.deposit') })
    .click();
  return page.getByRole('dialog', { name: en('home.depositDialog.title') });
}

async function loggedInMember(page: Page, request: Parameters<typeof registerMember>[0]) {
  const member = await theMember(request);
  await useLocale(page, 'en');
  await page.goto('/login');
  await logIn(page, 'en', member.phone, member.password);
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page, 'en');
  return { member, token: await tokenOf(request, member) };
}

test('a QR paid at the payment simulator: the open dialog says it arrived and the total shows it within 10 s, without a reload', async ({
  page,
  context,
  request,
}, testInfo) => {
  const { token } = await loggedInMember(page, request);
  const before = totalMinor(await walletAnswer(request, token));

  const deposit = await openDeposit(page);
  await deposit.getByRole('tab', { name: en('home.depositDialog.tabQr') }).click();
  // Providers by their names, never raw codes.
  const providers = deposit.getByRole('tablist', { name: en('home.depositDialog.providers') });
  await expect(providers.getByRole('tab', { name: 'Kasikornbank' })).toHaveAttribute('aria-selected', 'true');
  await expect(providers.getByRole('tab', { name: 'KBANK', exact: true })).toHaveCount(0);
  // The one amount parser: a thousands comma is read as grouping.
  await deposit.getByRole('textbox', { name: en('home.depositDialog.qrAmount') }).fill('1,234.50');
  await deposit.getByRole('button', { name: en('home.depositDialog.qrCreate') }).click();
  const qr = deposit.getByRole('img', { name: en('home.depositDialog.qrImage', { amount: money(1234.5) }) });
  await expect(qr).toBeVisible();
  await expect(deposit.getByText(en('home.depositDialog.qrWatching'))).toBeVisible();
  await expectAccessible(page);

  // Saved as an image: a PNG whose code is the same payload (what a banking app reads from the gallery).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    deposit.getByRole('button', { name: en('home.depositDialog.qrSave') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^jetton-qr-KBANK-.*\.png$/);
  await download.saveAs(testInfo.outputPath('saved-qr.png'));
  const png = await (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  })();
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  const fromImage = await decodeQr(png);
  expect(fromImage).toBe(await decodeQr(await qr.screenshot()));

  // Copied, then pasted into the payment simulator in another tab, as a person would.
  await deposit.getByRole('button', { name: en('home.depositDialog.qrCopyPayload') }).click();
  await expect(page.getByText(en('home.depositDialog.qrPayloadCopied'))).toBeVisible();
  const payload = await page.evaluate(() => navigator.clipboard.readText());
  expect(payload).toBe(fromImage);
  const payer = await context.newPage();
  await payer.goto('/sandbox/pay');
  await payer.getByLabel('QR payload').fill(payload);
  await payer.getByRole('button', { name: 'Pay' }).click();
  await expect(payer.getByRole('status')).toContainText('the site confirmed');
  const paidAt = Date.now();
  await payer.close();

  // Back on the site: no reload, no tap.
  await expect(deposit.getByText(en('home.depositDialog.arrivedText', { amount: money(1234.5) }))).toBeVisible({ timeout: 10_000 });
  await expectAccessible(page);
  await deposit.getByRole('button', { name: en('home.depositDialog.done') }).click();
  await expect(deposit).toBeHidden();
  await expect(balanceHeader(page, 'en').getByText(money((before + 123_450) / 100), { exact: true })).toBeVisible({ timeout: 10_000 });
  expect(Date.now() - paidAt).toBeLessThan(10_000);
});

test('the wallet is read again when the member comes back to the tab', async ({ page, request }) => {
  const { token } = await loggedInMember(page, request);
  const after = money((totalMinor(await walletAnswer(request, token)) + 15_037) / 100);
  const total = balanceHeader(page, 'en').getByText(after, { exact: true });

  // Paid from elsewhere (the banking app) while the tab was in the background.
  const created = await request.post('/api/qrcode/WW', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
    data: { amount: 150.37 },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await payQr(request, ((await created.json()) as { payload: string }).payload);
  await expect.poll(async () => money(totalMinor(await walletAnswer(request, token)) / 100)).toBe(after);
  // Home does not poll: the figure is the old one until the member comes back.
  await expect(total).toHaveCount(0);

  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  await expect(total).toBeVisible();
});

test('a slip is checked in the dialog: credited says it arrived, the same slip again says why it is refused, never a success', async ({
  page,
  request,
}) => {
  const { token } = await loggedInMember(page, request);
  const slip = await bankSlip(request, token, 321.5);

  for (const attempt of ['first', 'again'] as const) {
    const deposit = await openDeposit(page);
    await deposit.getByLabel(en('home.depositDialog.slipLabel')).setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slip });
    await deposit.getByRole('button', { name: en('home.depositDialog.slipUpload') }).click();
    await expect(deposit.getByText(en('home.depositDialog.slipChecking'))).toBeVisible();
    if (attempt === 'first') {
      await expect(deposit.getByText(en('home.depositDialog.arrivedText', { amount: money(321.5) }))).toBeVisible({ timeout: 15_000 });
      await deposit.getByRole('button', { name: en('home.depositDialog.done') }).click();
    } else {
      const refusal = en('home.depositDialog.slipRefused', { reason: en('slipNotes.SLIP_REFNO_DUPLICATED') });
      await expect(deposit.getByRole('alert')).toHaveText(refusal, { timeout: 15_000 });
      await expect(deposit.getByText(en('home.depositDialog.arrivedTitle'))).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: en('home.depositDialog.arrivedTitle') })).toHaveCount(0);
      await expectAccessible(page);
      await deposit.getByRole('button', { name: en('home.depositDialog.slipTryAnother') }).click();
      await expect(deposit.getByRole('button', { name: en('home.depositDialog.slipUpload') })).toBeVisible();
      await deposit.getByRole('button', { name: en('common.close'), exact: true }).click();
    }
  }
});

test('an error from a failed login does not follow the member home', async ({ page, request }) => {
  const member = await theMember(request);
  await useLocale(page, 'en');
  await page.goto('/login');
  await logIn(page, 'en', member.phone, 'wrong-password');
  const refusal = page.getByRole('alert');
  await expect(refusal).toBeVisible();
  await logIn(page, 'en', member.phone, member.password);
  await expect(page).toHaveURL(/\/user\/home$/);
  await expect(balanceHeader(page, 'en')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
