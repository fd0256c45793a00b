import { expect, expectAccessible, test, useLocale } from '../support/fixtures.ts';
import { text, type TestLocale } from '../support/i18n.ts';
import { acceptAgreement, logIn, registerMember } from './account-helpers.ts';
import { openDepositDialog, payQr, tokenOf } from './deposit-helpers.ts';
import { withdrawFromHome } from './money-helpers.ts';

/**
 * Player care as a member meets it (docs/player-care.md): limits set and lowered on /user/limits,
 * a deposit the limit has no room for refused with a clear message, a break taken through its
 * two confirmations, then every way into play refused while withdrawal still works.
 */
test.use({ viewport: { width: 390, height: 844 } });

for (const locale of ['th', 'la'] as const satisfies TestLocale[]) {
  test(`the limits screen reads in ${locale}`, async ({ page, request }, testInfo) => {
    const t = (key: string) => text(locale, key);
    const member = await registerMember(request);
    await useLocale(page, locale);
    await page.goto('/login');
    await logIn(page, locale, member.phone, member.password);
    await acceptAgreement(page, locale);
    await page.goto('/user/profile');
    await page.getByRole('link', { name: t('care.open') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('care.title') })).toBeVisible();
    for (const kind of ['deposit', 'loss', 'wager'])
      await expect(page.getByRole('heading', { name: t(`care.kind.${kind}.title`) })).toBeVisible();
    await expect(page.getByRole('heading', { name: t('care.break.title') })).toBeVisible();
    await expect(page.getByRole('group', { name: t('care.break.choose') }).getByText(t('care.break.choice.permanent'))).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`limits-${locale}.png`), fullPage: true });
  });
}

test('a member sets and lowers a deposit limit, is refused past it, excludes themselves, and can still withdraw', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const en = (key: string, values?: Record<string, string>) => text('en', key, values);
  const member = await registerMember(request);
  const token = await tokenOf(request, member);
  // 150.00 in the wallet through a QR paid at the sandbox gateway.
  const qr = await request.post('/api/qrcode/WW', { data: { amount: 150 }, headers: { authorization: `Bearer ${token}` } });
  await payQr(request, ((await qr.json()) as { payload: string }).payload);

  await useLocale(page, 'en');
  await page.goto('/login');
  await logIn(page, 'en', member.phone, member.password);
  await acceptAgreement(page, 'en');
  await page.goto('/user/limits');
  const deposit = page.getByRole('region', { name: en('care.kind.deposit.title') });
  await deposit.getByLabel(en('care.amountLabel')).fill('500');
  await deposit.getByRole('button', { name: en('care.save') }).click();
  await expect(page.getByText(en('care.saved'))).toBeVisible();
  // Lower: at once. The day's 150.00 is counted, 50.00 is left.
  await deposit.getByLabel(en('care.amountLabel')).fill('200');
  await deposit.getByRole('button', { name: en('care.save') }).click();
  await expect(deposit.getByText('฿200.00', { exact: true })).toBeVisible();
  await expect(deposit.getByText(/฿50\.00/).first()).toBeVisible();
  // Raise: it waits a day.
  await deposit.getByLabel(en('care.amountLabel')).fill('1000');
  await deposit.getByRole('button', { name: en('care.save') }).click();
  await expect(deposit.getByRole('status').filter({ hasText: '฿1,000.00' })).toBeVisible();
  await expect(deposit.getByRole('button', { name: en('care.confirmRaise') })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('limits-en.png'), fullPage: true });

  // The deposit dialog says the room left; a QR past it is refused before anything is paid.
  await page.goto('/user/home');
  const dialog = await openDepositDialog(page, 'en');
  await expect(dialog.getByRole('note', { name: en('care.depositRoomLabel') })).toHaveText(en('care.depositRoom', { amount: '฿50.00' }));
  await dialog.getByRole('tab', { name: en('home.depositDialog.tabQr') }).click();
  await dialog.getByRole('textbox', { name: en('home.depositDialog.qrAmount') }).fill('100');
  await dialog.getByRole('button', { name: en('home.depositDialog.qrCreate') }).click();
  await expect(page.getByText(en('errors.DEPOSIT_LIMIT_REACHED'))).toBeVisible();
  await page.keyboard.press('Escape');

  // A self-exclusion of 6 months: choose, read what it means, confirm with the password.
  await page.goto('/user/limits');
  const pause = page.getByRole('region', { name: en('care.break.title') });
  await pause.getByRole('radio', { name: new RegExp(en('care.break.choice.6m')) }).check();
  await pause.getByRole('button', { name: en('care.break.continue') }).click();
  await expect(pause.getByText(en('care.break.meansExclusion', { length: en('care.break.choice.6m') }))).toBeVisible();
  await pause.getByLabel(en('care.break.password')).fill(member.password);
  await pause.getByRole('button', { name: en('care.break.confirm') }).click();
  await expect(pause.getByRole('status')).toContainText(en('care.break.inForce.self-exclusion', { date: '|' }).split('|')[0] ?? '');
  await page.screenshot({ path: testInfo.outputPath('break-en.png'), fullPage: true });

  // A deposit is refused with a clear message; withdrawing the money still works.
  await page.goto('/user/home');
  const again = await openDepositDialog(page, 'en');
  await again.getByRole('tab', { name: en('home.depositDialog.tabQr') }).click();
  await again.getByRole('textbox', { name: en('home.depositDialog.qrAmount') }).fill('20');
  await again.getByRole('button', { name: en('home.depositDialog.qrCreate') }).click();
  await expect(page.getByText(en('errors.SELF_EXCLUDED'))).toBeVisible();
  await page.keyboard.press('Escape');
  await withdrawFromHome(page, 'en', 100);
});

test('a reality check during play shows the time played and the result; stop brings the money back to the wallet', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const en = (key: string, values?: Record<string, string>) => text('en', key, values);
  const member = await registerMember(request);
  const token = await tokenOf(request, member);
  const auth = { authorization: `Bearer ${token}` };
  const qr = await request.post('/api/qrcode/WW', { data: { amount: 300 }, headers: auth });
  await payQr(request, ((await qr.json()) as { payload: string }).payload);

  await useLocale(page, 'en');
  await page.goto('/login');
  await logIn(page, 'en', member.phone, member.password);
  await acceptAgreement(page, 'en');
  await page.goto('/user/limits');
  await page
    .getByRole('region', { name: en('care.reality.settingTitle') })
    .getByLabel(en('care.reality.every'))
    .selectOption('30');
  await expect(page.getByText(en('care.saved'))).toBeVisible();

  // Play: a game account and 200.00 into it, as the games screen does.
  expect((await request.get('/api/wallet/activate/pg', { headers: auth })).ok()).toBe(true);
  const sent = await request.post('/api/wallet/transfer', {
    data: { from: 'WALLET', to: 'pg', amount: 200 },
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  // Half an hour later (the sandbox moves the member's session back one interval).
  const due = await request.post('/sandbox/ops/reality-check/due', { data: { phone: member.phone } });
  expect(await due.json()).toEqual({ moved: 1 });

  await page.goto('/user/home');
  const reminder = page.getByRole('dialog', { name: en('care.reality.title') });
  await expect(reminder.getByText(en('care.reality.played', { hours: '0', minutes: '30' }))).toBeVisible({ timeout: 30_000 });
  await expect(reminder.getByText(en('care.reality.won', { amount: '฿0.00' }))).toBeVisible();
  await reminder.getByRole('button', { name: en('care.reality.stop') }).click();
  await expect(reminder).toBeHidden();
  await expect
    .poll(async () => {
      const wallet = (await (await request.get('/api/wallet', { headers: auth })).json()) as {
        wallet: { amount: number };
        slots: { code: string; amount: number }[];
      };
      return [wallet.wallet.amount, wallet.slots.find((s) => s.code === 'pg')?.amount];
    })
    .toEqual([300, 0]);
});
