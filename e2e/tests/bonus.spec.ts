import { expect, expectAccessible, test, useLocale } from '../support/fixtures.ts';
import { text, type TestLocale } from '../support/i18n.ts';
import { acceptAgreement, logIn, registerMember } from './account-helpers.ts';
import { baht, fundWallet, money } from './money-helpers.ts';

const en = (key: string, values?: Record<string, string>) => text('en', key, values);

test('a new member takes the welcome bonus on /user/bonus, follows its turnover, finds it on the statement and cancels it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const member = await registerMember(request);
  await fundWallet(request, member, 500);

  await useLocale(page, 'en');
  await page.goto('/login');
  await logIn(page, 'en', member.phone, member.password);
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page, 'en');

  // Home's "bonus conditions" widget leads to the bonus screen.
  await page.getByRole('link', { name: en('home.widgets.bonus') }).click();
  await expect(page).toHaveURL(/\/user\/bonus$/);
  const cards = page.getByRole('list', { name: en('bonus.listLabel') });
  const welcome = cards.getByRole('button', { name: /Welcome bonus 100%/ });
  await expect(welcome).toBeVisible();
  await expect(page.getByLabel(en('bonus.codeLabel'))).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('bonus-en.png') });
  await expectAccessible(page);

  // A promotion code is upper-cased as it is typed; an unknown one is "not found".
  const code = page.getByLabel(en('bonus.codeLabel'));
  await code.fill('nosuchcode');
  await expect(code).toHaveValue('NOSUCHCODE');
  await page.getByRole('button', { name: en('bonus.search') }).click();
  const promotion = page.getByRole('dialog', { name: en('bonus.promotionTitle', { code: 'NOSUCHCODE' }) });
  await expect(promotion.getByText(en('bonus.notFound'))).toBeVisible();
  await promotion.getByRole('button', { name: en('common.close') }).click();

  // The welcome bonus: its notice with the fail percent filled in, then receive.
  await welcome.click();
  const dialog = page.getByRole('dialog', { name: 'Welcome bonus 100%' });
  await expect(dialog.getByText(/you keep 0% of the bonus/)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: en('bonus.receive') }).click();
  await expect(page.getByText(en('bonus.receivedToast'))).toBeVisible();

  // Base 500.00 + credit 500.00, turnover 5x: 0.00 of 5,000.00 so far.
  const active = page.getByRole('region', { name: en('bonus.activeTitle') });
  await expect(active.getByText(en('bonus.progress', { done: baht(0), target: baht(5000) }))).toBeVisible();
  await expect(active.getByRole('progressbar', { name: en('bonus.turnover') })).toHaveAttribute('aria-valuenow', '0');
  await expect(cards.getByRole('button', { name: /Welcome bonus 100%/ }).getByText(en('bonus.current'))).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('bonus-active-en.png') });
  await expectAccessible(page);

  // The statement shows the credit as a bonus line.
  await page
    .getByRole('navigation', { name: en('nav.member') })
    .getByRole('link', { name: en('nav.statement') })
    .click();
  const rows = page.getByRole('list', { name: en('statement.listLabel') }).getByRole('listitem');
  await expect(rows.nth(0)).toContainText(en('statement.types.bonus'));
  await expect(rows.nth(0)).toContainText(`+${money(500)}`);
  await expect(rows.nth(0)).toContainText('WELCOME100');

  // Screens in every language, then cancel: 0 % kept, the credit goes back and the code search returns.
  for (const locale of ['th', 'la'] as TestLocale[]) {
    await useLocale(page, locale);
    await page.goto('/user/bonus');
    await expect(page.getByRole('region', { name: text(locale, 'bonus.activeTitle') })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`bonus-active-${locale}.png`) });
    await expectAccessible(page);
  }
  await useLocale(page, 'en');
  await page.goto('/user/bonus');
  await page.getByRole('button', { name: en('bonus.cancel') }).click();
  await expect(page.getByLabel(en('bonus.codeLabel'))).toBeVisible();
  await expect(cards.getByRole('button', { name: /Welcome bonus 100%/ })).toBeDisabled();
});
