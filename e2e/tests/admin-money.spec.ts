import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';
import { adminText, loginDemo } from '../support/admin.ts';
import { registerMember } from './account-helpers.ts';
import { fundWallet, money } from './money-helpers.ts';

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

/** Above the four-eyes amount (20,000.00 by default): one operator proposes, another confirms. */
const LARGE = 25_000;

test('a large withdrawal needs two operators: finance proposes (th), the owner confirms (en), the member sees it paid', async ({
  page,
  browser,
  request,
}) => {
  const member = await registerMember(request);
  await fundWallet(request, member, LARGE);
  const login = await request.post('/api/login', { data: { username: member.phone, password: member.password } });
  const { token } = (await login.json()) as { token: string };
  const asked = await request.post('/api/wallet/withdraw', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
    data: { amount: LARGE },
  });
  expect(asked.ok(), 'the member asks for the withdrawal').toBe(true);

  // Finance, in Thai: the withdrawal waits in the queue; above the four-eyes amount approving only proposes.
  const th = (key: string, values?: Record<string, string | number>) => adminText('th', key, values);
  await loginDemo(page, 'th', 'finance', '/admin/withdrawals');
  const row = page.getByRole('row').filter({ hasText: member.phone });
  await expect(row).toContainText(money(LARGE));
  await expect(row).toContainText(th('withdrawals.fourEyes'));
  await expectAccessible(page);
  await row.getByRole('button', { name: th('withdrawals.propose') }).click();
  const dialog = page.getByRole('dialog', { name: th('withdrawals.propose') });
  await expect(dialog).toContainText(money(LARGE));
  await expectAccessible(page);
  await dialog.getByRole('button', { name: th('withdrawals.propose') }).click();
  await expect(page.getByText(th('withdrawals.outcome.proposed'))).toBeVisible();
  // The proposer can never confirm it.
  await expect(row).toContainText(th('withdrawals.waitingChecker'));
  await expect(row.getByRole('button', { name: th('withdrawals.confirm') })).toHaveCount(0);

  // The owner, in English, in a session of their own, confirms.
  const en = (key: string, values?: Record<string, string | number>) => adminText('en', key, values);
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const owner = await ownerContext.newPage();
  await loginDemo(owner, 'en', 'owner', '/admin/withdrawals');
  const ownerRow = owner.getByRole('row').filter({ hasText: member.phone });
  await expect(ownerRow).toContainText('demo-finance');
  await ownerRow.getByRole('button', { name: en('withdrawals.confirm') }).click();
  await owner
    .getByRole('dialog', { name: en('withdrawals.confirm') })
    .getByRole('button', { name: en('withdrawals.confirm') })
    .click();
  await expect(owner.getByText(en('withdrawals.outcome.confirmed'))).toBeVisible();
  await ownerContext.close();

  // The member's statement shows the withdrawal paid once the payout job has been to the bank.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.addInitScript(() => window.localStorage.setItem('locale', 'en'));
  await memberPage.goto('/login');
  await memberPage.getByLabel(text('en', 'login.phone')).fill(member.phone);
  await memberPage.getByLabel(text('en', 'login.password'), { exact: true }).fill(member.password);
  await memberPage.getByRole('button', { name: text('en', 'login.submit') }).click();
  await expect(memberPage).toHaveURL(/\/user\/home$/);
  const withdrawal = memberPage
    .getByRole('list', { name: text('en', 'statement.listLabel') })
    .getByRole('listitem')
    .filter({ hasText: text('en', 'statement.types.withdraw') })
    .first();
  await expect(async () => {
    await memberPage.goto('/user/statement');
    await expect(withdrawal).toContainText(text('en', 'statement.status.success'), { timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await expect(withdrawal).toContainText(money(LARGE));
  await memberContext.close();
});
