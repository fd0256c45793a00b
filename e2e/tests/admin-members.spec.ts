import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';
import { adminText, loginDemo } from '../support/admin.ts';
import { registerMember } from './account-helpers.ts';

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

for (const locale of ['en', 'th'] as const) {
  test(`support suspends a member and the member's open page lands on login (${locale})`, async ({ page, browser, request }) => {
    const member = await registerMember(request);

    // The member is on their home page in a browser of their own.
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await memberPage.addInitScript((value) => window.localStorage.setItem('locale', value), locale);
    await memberPage.goto('/login');
    await memberPage.getByLabel(text(locale, 'login.phone')).fill(member.phone);
    await memberPage.getByLabel(text(locale, 'login.password'), { exact: true }).fill(member.password);
    await memberPage.getByRole('button', { name: text(locale, 'login.submit') }).click();
    await expect(memberPage).toHaveURL(/\/user\/home$/);
    // The terms open by itself on home; the member accepts them, as anyone using the site does.
    const agreement = memberPage.getByRole('dialog', { name: text(locale, 'home.agreement.title') });
    await agreement.getByRole('button', { name: text(locale, 'home.agreement.accept') }).click();
    await expect(agreement).toBeHidden();

    // Support finds them by phone and suspends them with a reason.
    const t = (key: string) => adminText(locale, key);
    await loginDemo(page, locale, 'support', '/admin/members');
    await page.getByLabel(t('members.search')).fill(member.phone);
    await page.getByRole('button', { name: t('members.searchSubmit') }).click();
    await page.getByRole('row').filter({ hasText: member.phone }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(member.name) })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: t('members.suspend') }).click();
    const dialog = page.getByRole('dialog', { name: t('members.suspend') });
    await dialog.getByLabel(t('decision.reason')).fill('e2e: suspected account sharing');
    await dialog.getByRole('button', { name: t('members.suspend') }).click();
    await expect(page.getByText(t('members.suspendDone'))).toBeVisible();
    await expect(page.getByText(t('members.status.inactive'), { exact: true })).toBeVisible();

    // The member's next step anywhere on the site finds the session gone.
    await memberPage.getByRole('link', { name: text(locale, 'nav.statement') }).click();
    await expect(memberPage).toHaveURL(/\/login/);
    await memberContext.close();
  });
}
