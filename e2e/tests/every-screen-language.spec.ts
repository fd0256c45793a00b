import type { Page } from '@playwright/test';
import { expect, test, useLocale } from '../support/fixtures.ts';
import { text, type TestLocale } from '../support/i18n.ts';
import { adminText, loginDemo } from '../support/admin.ts';
import { languageFindings } from '../support/page-language.ts';
import { acceptAgreement, DEMO, logIn } from './account-helpers.ts';

const LOCALES = ['th', 'la', 'en'] as const satisfies TestLocale[];

/** What the member typed about themselves: their name on the bank account. */
const ENTERED = [DEMO.name];

async function expectOneLanguage(page: Page, locale: TestLocale, where: string): Promise<void> {
  const findings = await languageFindings(page, locale, ENTERED);
  expect.soft(findings, `${locale} ${where}`).toEqual({ placeholders: [], codes: [], english: [] });
}

for (const locale of LOCALES) {
  test(`every member screen and dialog reads in one language, without placeholders or codes (${locale})`, async ({ page }) => {
    test.setTimeout(150_000);
    const t = (key: string) => text(locale, key);
    await useLocale(page, locale);
    for (const path of ['/login', '/register', '/forgot-password', '/howto', '/contact']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectOneLanguage(page, locale, path);
    }
    await page.goto('/login');
    await logIn(page, locale, DEMO.phone, DEMO.password);
    await expect(page).toHaveURL(/\/user\/home$/);
    await acceptAgreement(page, locale);
    await expectOneLanguage(page, locale, '/user/home');

    const widgets = page.getByRole('region', { name: t('home.widgets.title') });
    const close = async () => {
      await page
        .getByRole('dialog')
        .getByRole('button', { name: t('common.close'), exact: true })
        .click();
      await expect(page.getByRole('dialog')).toBeHidden();
    };
    await widgets.getByRole('button', { name: t('home.widgets.deposit') }).click();
    const deposit = page.getByRole('dialog', { name: t('home.depositDialog.title') });
    for (const tab of ['tabBank', 'tabQr', 'tabGift'] as const) {
      await deposit.getByRole('tab', { name: t(`home.depositDialog.${tab}`) }).click();
      await expect(deposit.getByRole('tabpanel').first()).toBeVisible();
      await expectOneLanguage(page, locale, `deposit ${tab}`);
    }
    await close();
    await widgets.getByRole('button', { name: t('home.widgets.withdraw') }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectOneLanguage(page, locale, 'withdraw');
    await close();
    for (const [button, title] of [
      ['home.widgets.invite', 'invite.title'],
      ['home.widgets.refund', 'refund.title'],
    ] as const) {
      await widgets.getByRole('button', { name: t(button) }).click();
      const dialog = page.getByRole('dialog', { name: t(title) });
      // The operator's banners come first: their text is in the page's language too.
      await expect(dialog.getByRole('region', { name: t(title.replace('title', 'banners')) })).toBeVisible();
      await expectOneLanguage(page, locale, `${title} banners`);
      await dialog.getByRole('button', { name: t(title.replace('title', 'continue')) }).click();
      await expectOneLanguage(page, locale, title);
      await close();
    }
    for (const path of ['/user/profile', '/user/statement', '/user/bonus', '/user/spin', '/user/contact']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('main').getByRole('progressbar')).toHaveCount(0);
      await expectOneLanguage(page, locale, path);
    }
    // A listed bonus's dialog: its name, notice and banner in the page's language.
    await page.goto('/user/bonus');
    await page.getByRole('main').getByRole('button').filter({ hasText: '100%' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectOneLanguage(page, locale, 'bonus dialog');
  });

  test(`every back-office screen reads in one language, without placeholders or codes (${locale})`, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const t = (key: string) => adminText(locale, key);
    await loginDemo(page, locale, 'owner');
    const menu = page.getByRole('navigation', { name: t('layout.menu') });
    const screens = await menu.getByRole('link').evaluateAll((links) => links.map((l) => l.textContent?.trim() ?? ''));
    expect(screens.length).toBeGreaterThan(10);
    for (const name of screens) {
      await menu.getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByRole('main').locator('table, form, section, [role="alert"]').first()).toBeVisible();
      await expect(page.getByText(t('common.loading'))).toHaveCount(0);
      await expectOneLanguage(page, locale, `admin ${name}`);
      if (name === t('screens.reports') || name === t('screens.audit')) {
        await page.screenshot({
          path: testInfo.outputPath(`${locale}-${name === t('screens.audit') ? 'audit' : 'reports'}.png`),
          fullPage: true,
        });
      }
    }
    // The demo member's page: history rows, statuses and game wallets by name.
    await menu.getByRole('link', { name: t('screens.members'), exact: true }).click();
    await page.getByLabel(t('members.search')).fill(DEMO.phone);
    await page.getByRole('button', { name: t('members.searchSubmit') }).click();
    await page.getByRole('link', { name: DEMO.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('screens.member') })).toBeVisible();
    for (const tab of ['statement', 'slips', 'withdrawals', 'deposits', 'sessions']) {
      await page.getByRole('tab', { name: t(`members.tabs.${tab}`) }).click();
      await expect(page.getByRole('tabpanel').locator('table')).toBeVisible();
      await expectOneLanguage(page, locale, `member ${tab}`);
    }
    await page.getByRole('tab', { name: t('members.tabs.statement') }).click();
    await expect(page.getByRole('tabpanel').locator('tbody tr').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`${locale}-member.png`), fullPage: true });
  });
}
