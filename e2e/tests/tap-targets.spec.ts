import type { Page } from '@playwright/test';
import { expect, test, useLocale } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';
import { acceptAgreement, DEMO, logIn } from './account-helpers.ts';

const en = (key: string) => text('en', key);

/** The smallest tap target a member gets, in CSS px (docs/member-web.md, "Tap targets"). */
const MIN = 44;

/**
 * Every button, link, checkbox, radio, select, text field and tab the page
 * shows, measured as a finger meets it: a checkbox or a visually hidden file
 * input by the label that wraps or names it (tapping the label works the
 * control). Only links inside running text are left out (a sentence's link
 * cannot be 44 px tall without breaking the sentence). Answers the small ones.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const small: string[] = [];
    const targets = new Set<Element>();
    for (const element of document.querySelectorAll('button, a[href], input, select, textarea, [role="tab"], [role="button"], summary')) {
      if (element instanceof HTMLInputElement && element.type === 'hidden') continue;
      const hidden = element.closest('.visually-hidden') !== null || element.classList.contains('visually-hidden');
      if (element instanceof HTMLInputElement && (hidden || element.type === 'checkbox' || element.type === 'radio')) {
        const label = element.closest('label') ?? (element.id ? document.querySelector(`label[for="${element.id}"]`) : null);
        if (label) targets.add(label);
        else if (!hidden) targets.add(element);
        continue;
      }
      if (hidden) continue;
      if (
        element instanceof HTMLAnchorElement &&
        element.closest('p, li > span') &&
        element.parentElement?.textContent?.trim() !== element.textContent?.trim()
      )
        continue;
      targets.add(element);
    }
    for (const target of targets) {
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        const name = target.getAttribute('aria-label') ?? target.textContent?.trim().slice(0, 40) ?? '';
        small.push(`${target.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return small;
  }, MIN);
}

async function expectTargetsFit(page: Page, where: string): Promise<void> {
  expect(await smallTargets(page), where).toEqual([]);
}

test('every tap target on the member pages is at least 44 x 44 CSS px', async ({ page }) => {
  test.setTimeout(120_000);
  await useLocale(page, 'en');
  for (const path of ['/login', '/register', '/forgot-password', '/howto', '/contact', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectTargetsFit(page, path);
  }

  // The demo member: nothing here moves money (the QR opened is cancelled).
  await page.goto('/login');
  await logIn(page, 'en', DEMO.phone, DEMO.password);
  await expect(page).toHaveURL(/\/user\/home$/);
  await expect(page.getByRole('dialog', { name: en('home.agreement.title') })).toBeVisible();
  await expectTargetsFit(page, 'agreement');
  await acceptAgreement(page, 'en');
  await expectTargetsFit(page, '/user/home');
  const closeDialog = async () => {
    await page
      .getByRole('dialog')
      .getByRole('button', { name: en('common.close'), exact: true })
      .click();
    await expect(page.getByRole('dialog')).toBeHidden();
  };

  // Every dialog of home, each tab of the deposit dialog.
  const widgets = page.getByRole('region', { name: en('home.widgets.title') });
  await widgets.getByRole('button', { name: en('home.widgets.deposit') }).click();
  const deposit = page.getByRole('dialog', { name: en('home.depositDialog.title') });
  await expect(deposit.getByRole('tab').first()).toBeVisible();
  for (const tab of ['tabBank', 'tabQr', 'tabGift'] as const) {
    await deposit.getByRole('tab', { name: en(`home.depositDialog.${tab}`) }).click();
    await expectTargetsFit(page, `deposit: ${tab}`);
  }
  await deposit.getByRole('tab', { name: en('home.depositDialog.tabQr') }).click();
  await deposit
    .getByRole('group', { name: en('home.depositDialog.quickPicks') })
    .getByRole('button')
    .first()
    .click();
  await deposit.getByRole('button', { name: en('home.depositDialog.qrCreate') }).click();
  await expect(deposit.getByRole('button', { name: en('home.depositDialog.qrSave') })).toBeVisible();
  await expectTargetsFit(page, 'deposit: open QR');
  await deposit.getByRole('button', { name: en('home.depositDialog.qrCancel') }).click();
  await deposit.getByRole('button', { name: en('common.close'), exact: true }).click();

  await widgets.getByRole('button', { name: en('home.widgets.withdraw') }).click();
  await expectTargetsFit(page, 'withdraw');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: en('common.close'), exact: true })
    .click();
  await page
    .getByRole('region', { name: en('home.totalBalance') })
    .getByRole('button', { name: en('home.transfer') })
    .click();
  await expectTargetsFit(page, 'transfer');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: en('common.close'), exact: true })
    .click();

  // Invite and refund: their banners first, then the dialog itself.
  for (const kind of ['invite', 'refund'] as const) {
    await widgets.getByRole('button', { name: en(`home.widgets.${kind}`) }).click();
    const dialog = page.getByRole('dialog', { name: en(`${kind}.title`) });
    await expect(dialog.getByRole('region', { name: en(`${kind}.banners`) })).toBeVisible();
    await expectTargetsFit(page, `${kind} banners`);
    await dialog.getByRole('button', { name: en(`${kind}.continue`) }).click();
    await expectTargetsFit(page, kind);
    await closeDialog();
  }
  // A game account the demo member has (its history plays at two providers).
  await page
    .getByRole('button', { name: en('home.games.view') })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectTargetsFit(page, 'game account');
  await closeDialog();
  // The bottom menu's conditions.
  await page.getByRole('button', { name: en('nav.conditions') }).click();
  await expect(page.getByRole('dialog', { name: en('conditions.title') })).toBeVisible();
  await expectTargetsFit(page, 'conditions');
  await closeDialog();

  for (const path of ['/user/profile', '/user/statement', '/user/contact', '/user/bonus', '/user/spin']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectTargetsFit(page, path);
  }
  await page.goto('/user/profile');
  await page.getByRole('button', { name: en('profile.changePassword.open') }).click();
  await expect(page.getByRole('dialog', { name: en('profile.changePassword.title') })).toBeVisible();
  await expectTargetsFit(page, 'change password');
  await page.keyboard.press('Escape');
  // A bonus's dialog and a promotion's.
  await page.goto('/user/bonus');
  await page.getByRole('main').getByRole('button').filter({ hasText: '100%' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectTargetsFit(page, 'bonus dialog');
  await closeDialog();
  await page.getByLabel(en('bonus.codeLabel')).fill('SONGKRAN50');
  await page.getByRole('button', { name: en('bonus.search') }).click();
  await expect(page.getByRole('dialog', { name: en('bonus.promotionTitle').replace('{{code}}', 'SONGKRAN50') })).toBeVisible();
  await expectTargetsFit(page, 'promotion dialog');
  await closeDialog();
  // Slip history rows with their 'view' buttons, whatever slips the demo member has: only their size is measured.
  const row = (status: string, note: string | null) => ({
    createdAt: new Date().toISOString(),
    amount: null,
    status,
    note,
    link: null,
    reference: `ref-${status}`,
  });
  await page.route('**/api/statement/slip', (route) =>
    route.fulfill({ json: { slips: [row('processing', null), row('failed', 'SLIP_REFNO_DUPLICATED')] } }),
  );
  await page.goto('/user/statement');
  await page.getByRole('button', { name: en('statement.slips') }).click();
  await expect(page.getByRole('dialog', { name: en('statement.slips') }).getByRole('button', { name: /^View/ })).toHaveCount(2);
  await expectTargetsFit(page, 'slip history');
});
