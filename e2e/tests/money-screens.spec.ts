import { expect, expectAccessible, test, useLocale } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';
import { acceptAgreement, DEMO, logIn } from './account-helpers.ts';
import { balanceHeader, gameCard } from './money-helpers.ts';

const en = (key: string, values?: Record<string, string>) => text('en', key, values);

test.beforeEach(async ({ page }) => {
  await useLocale(page, 'en');
  await page.goto('/login');
  await logIn(page, 'en', DEMO.phone, DEMO.password);
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page, 'en');
});

test('invite and refund open their dialogs after the banners, the invite receive waits for an amount, and bonus conditions lead to /user/bonus', async ({
  page,
}) => {
  const widgets = page.getByRole('region', { name: en('home.widgets.title') });
  // Invite: the operator's banners first, then the member's own link.
  await widgets.getByRole('button', { name: en('home.widgets.invite') }).click();
  const invite = page.getByRole('dialog', { name: en('invite.title') });
  await expect(invite.getByRole('region', { name: en('invite.banners') })).toBeVisible();
  await expectAccessible(page);
  await invite.getByRole('button', { name: en('invite.continue') }).click();
  await expect(invite.getByText(/\/register\?code=PR\d+$/)).toBeVisible();
  await expect(invite.getByRole('button', { name: en('invite.copy') })).toBeEnabled();
  await expectAccessible(page);
  await invite.getByRole('button', { name: en('common.close') }).click();
  await expect(invite).toBeHidden();

  // Refund: banners, then what the member has accrued.
  await widgets.getByRole('button', { name: en('home.widgets.refund') }).click();
  const refund = page.getByRole('dialog', { name: en('refund.title') });
  await refund.getByRole('button', { name: en('refund.continue') }).click();
  await expect(refund.getByText(en('refund.accrued'))).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(refund).toBeHidden();

  // The demo prize wheel is active, so its widget (with the coin count) holds the place of 'refresh all'.
  await expect(widgets.getByRole('link', { name: new RegExp(en('home.widgets.spin')) })).toHaveAttribute('href', '/user/spin');
  await expect(widgets.getByRole('button', { name: en('home.widgets.refreshAll') })).toHaveCount(0);
  // Nothing accrued from invitees: the header's receive waits for an amount.
  await expect(balanceHeader(page, 'en').getByRole('button', { name: en('home.receive') })).toBeDisabled();

  await widgets.getByRole('link', { name: en('home.widgets.bonus') }).click();
  await expect(page).toHaveURL(/\/user\/bonus$/);
});

test('reset password warns that play waits for it, then shows the new password', async ({ page }) => {
  const name = 'Imi Lanterns';
  await gameCard(page, name)
    .getByRole('button', { name: en('home.games.open') })
    .click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: en('home.games.open') }).click();
  const copyPassword = page.getByRole('button', { name: en('home.gameDialog.copy', { label: en('home.gameDialog.password') }) });
  const password = dialog.getByRole('definition').filter({ has: copyPassword });
  await expect(password).toHaveText(/\S{6,}/);
  const before = await password.textContent();

  await dialog.getByRole('button', { name: en('home.gameDialog.resetPassword') }).click();
  await expect(dialog.getByText(en('home.gameDialog.resetWarning'))).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: en('home.gameDialog.resetConfirm') }).click();
  await expect(page.getByText(en('home.gameDialog.resetDone'))).toBeVisible();
  await expect(password).not.toHaveText(before ?? '');
  await expect(gameCard(page, name).getByRole('button', { name: en('home.games.view') })).toBeAttached();
});

test('the statement pages 10 at a time, shows in-progress rows and opens the slip history', async ({ page }) => {
  const now = Date.now();
  const rows = Array.from({ length: 23 }, (_, i) => ({
    statementType: i % 2 === 0 ? 'transfer' : 'deposit',
    from: i % 2 === 0 ? 'WALLET' : null,
    to: i % 2 === 0 ? 'pg' : 'WALLET',
    status: i === 0 ? 'PENDING' : 'SUCCESS',
    amount: i % 2 === 0 ? -(i + 1) * 10 : (i + 1) * 10,
    createdAt: new Date(now - (i + 1) * 2 * 3600_000).toISOString(),
    channel: i % 2 === 0 ? null : { kind: 'slip', reference: `20260105SLIPREF${String(i).padStart(5, '0')}` },
    description: null,
  }));
  const asked: unknown[] = [];
  await page.route('**/api/statement', async (route) => {
    const body = route.request().postDataJSON() as { page: number; limit: number };
    asked.push(body);
    const from = (body.page - 1) * body.limit;
    await route.fulfill({ json: { total: rows.length, statements: rows.slice(from, from + body.limit) } });
  });

  await page
    .getByRole('navigation', { name: en('nav.member') })
    .getByRole('link', { name: en('nav.statement') })
    .click();
  const list = page.getByRole('list', { name: en('statement.listLabel') });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const first = list.getByRole('listitem').first();
  await expect(first).toContainText(en('statement.status.progress'));
  await expect(first).toContainText('2 hours ago');
  await expect(first.getByText('-10.00', { exact: true })).toBeVisible();
  await expect(list.getByRole('listitem').nth(1)).toContainText(
    `${en('statement.channel.slip')} · ${en('statement.reference', { reference: '…F00001' })}`,
  );
  const pages = page.getByRole('navigation', { name: en('statement.pages') });
  await expect(pages.getByText(en('common.pageOf', { page: '1', total: '3' }))).toBeVisible();
  await expect(pages.getByRole('button', { name: en('common.previousPage') })).toBeDisabled();

  await pages.getByRole('button', { name: en('common.nextPage') }).click();
  await expect(pages.getByText(en('common.pageOf', { page: '2', total: '3' }))).toBeVisible();
  await pages.getByRole('button', { name: en('common.nextPage') }).click();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(pages.getByRole('button', { name: en('common.nextPage') })).toBeDisabled();
  expect(asked).toEqual([
    { page: 1, limit: 10 },
    { page: 2, limit: 10 },
    { page: 3, limit: 10 },
  ]);
  await expectAccessible(page);

  await page.getByRole('button', { name: en('statement.slips') }).click();
  await expect(
    page.getByRole('dialog', { name: en('statement.slips') }).getByRole('button', { name: en('statement.slipDialog.refresh') }),
  ).toBeVisible();
});
