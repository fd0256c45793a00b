import { createHash } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import type { TestLocale } from './i18n.ts';

/** Starts a page in the given language (as a member who chose it before). */
export async function useLocale(page: Page, locale: TestLocale): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('locale', value), locale);
}

/** No WCAG 2.1 A/AA violation on what the page shows now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary).toEqual([]);
}

/** True when the page has really loaded the named self-hosted font face. */
export async function fontLoaded(page: Page, family: string): Promise<boolean> {
  return page.evaluate(async (name) => {
    await document.fonts.ready;
    return [...document.fonts].some((face) => face.family.replace(/"/g, '') === name && face.status === 'loaded');
  }, family);
}

/**
 * Each test is its own visitor address (the e2e servers believe X-Forwarded-For: TRUST_PROXY=true):
 * the site's per-IP limits (10 SMS codes per 10 minutes, login attempts) are per person, and the
 * whole suite from one address would spend one person's allowance many times over.
 */
function visitorAddress(testId: string, retry: number): string {
  const [a = 0, b = 0, c = 0] = createHash('sha256').update(`${testId}:${retry}`).digest();
  return `10.${a}.${b}.${c}`;
}

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': visitorAddress(testInfo.testId, testInfo.retry) });
  },
});
export { expect };
