import type { Page } from '@playwright/test';
import { expect, test, useLocale } from '../support/fixtures.ts';
import { text, type TestLocale } from '../support/i18n.ts';
import { acceptAgreement, logIn, readOtp, screenText, uniqueAccountNo, uniquePhone } from './account-helpers.ts';
import { switchLanguage } from './money-helpers.ts';

const THAI = '[\\u0E00-\\u0E7F]';
const LAO = '[\\u0E80-\\u0EFF]';
/** Scripts a page of each language must not show: Thai on a Lao or English page, Lao on an English one. */
const FOREIGN: Partial<Record<TestLocale, string>> = { la: THAI, en: `${THAI}|${LAO}` };

/**
 * Every text of the page a member can meet (text, the options of every list,
 * labels for screen readers, alt texts, the document title) in a script
 * foreign to the page. Left out: what the member typed (their name) and text
 * marked as another language on purpose (the language picker's own names,
 * `lang` set on the element).
 */
async function foreignText(page: Page, foreign: string, memberEntered: string[]): Promise<string[]> {
  return page.evaluate(
    ({ pattern, entered }) => {
      const script = new RegExp(pattern);
      const pageLang = document.documentElement.lang;
      const found: string[] = [];
      const check = (value: string | null, element: Element) => {
        if (!value || !script.test(value)) return;
        const marked = element.closest('[lang]');
        if (marked && marked !== document.documentElement && marked.getAttribute('lang') !== pageLang) return;
        const rest = entered.reduce((left, name) => left.split(name).join(''), value);
        if (script.test(rest)) found.push(value.trim().slice(0, 80));
      };
      check(document.title, document.documentElement);
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (parent && !parent.closest('script, style, noscript')) check(node.textContent, parent);
      }
      for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) check(element.getAttribute(name), element);
      }
      return found;
    },
    { pattern: foreign, entered: memberEntered },
  );
}

test('registration and home in en and la show no Thai script outside member-entered names', async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  // One registration (each spends a code from the per-IP SMS allowance): every stop is read in English, then in Lao.
  const ui = screenText(page, 'en');
  const phone = uniquePhone();
  const password = 'one-lang-1';
  const entered = ['KHAM TESTER', 'KHAM', 'TESTER'];
  const expectOneLanguage = async (where: string) => {
    for (const [locale, next] of [
      ['en', 'la'],
      ['la', 'en'],
    ] as const) {
      expect(await foreignText(page, FOREIGN[locale] ?? THAI, entered), `${locale} ${where}`).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`${locale}-${where}.png`), fullPage: true });
      await switchLanguage(page, locale, next);
    }
  };
  await useLocale(page, 'en');

  await page.goto('/register');
  await expect(ui.heading('register.phone.title')).toBeVisible();
  await expectOneLanguage('register-phone');
  await ui.field('register.phone.label').fill(phone);
  await ui.button('register.next').click();
  await expect(ui.heading('register.otp.title')).toBeVisible();
  await expectOneLanguage('register-otp');
  await ui.field('register.otp.label').fill((await readOtp(request, phone)).code);
  await ui.button('register.otp.verify').click();
  await expect(ui.heading('register.profile.title')).toBeVisible();
  await ui.field('register.profile.name').fill('Kham Tester');
  await ui.field('register.profile.password').fill(password);
  await ui.field('register.profile.confirmPassword').fill(password);
  await expectOneLanguage('register-profile');
  await ui.button('register.next').click();
  await expect(ui.heading('register.bank.title')).toBeVisible();
  // The bank list and the source list are loaded: every bank and source is named in the page's language.
  const banks = ui.field('register.bank.bank');
  await expect(banks).toBeEnabled();
  await expect(banks.locator('option')).not.toHaveCount(1);
  await expect(ui.field('register.bank.source').locator('option')).not.toHaveCount(1);
  await expectOneLanguage('register-bank');
  await banks.selectOption('KBANK');
  await ui.field('register.bank.firstName').fill('kham');
  await ui.field('register.bank.lastName').fill('tester');
  await ui.field('register.bank.accountNo').fill(uniqueAccountNo());
  await ui.field('register.bank.source').selectOption('FRIEND');
  await ui.button('register.bank.submit').click();
  await expect(page.getByText(text('en', 'register.success'))).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectOneLanguage('login');

  await logIn(page, 'en', phone, password);
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page, 'en');
  // The member's bank, named in the page's language on the home bank card.
  await expect(page.getByText('Kasikornbank', { exact: true })).toBeVisible();
  await expectOneLanguage('home');
  await switchLanguage(page, 'en', 'la');
  await expect(page.getByText('ທະນາຄານກະສິກອນໄທ', { exact: true })).toBeVisible();
  await switchLanguage(page, 'la', 'en');
  await page.goto('/user/profile');
  await expect(ui.heading('profile.title')).toBeVisible();
  await expectOneLanguage('profile');
});
