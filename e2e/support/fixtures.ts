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

export const test = base;
export { expect };
