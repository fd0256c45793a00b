import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { TestLocale } from './i18n.ts';

/** The games' names are brands: written the same in every language. */
const catalogue = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/src/modules/games/game-catalogue.ts'),
  'utf8',
);
const GAME_NAMES = [...catalogue.matchAll(/^\s+name: '([^']+)',$/gm)].map((m) => m[1] ?? '');

/** Names that stay in English on a Thai or Lao page: the site's and its partners' brands. */
export const BRAND_NAMES = [...GAME_NAMES, 'TrueMoney Wallet', 'TrueMoney', 'PromptPay', 'Jetton', 'LINE', 'Google Authenticator'];

export type LanguageFindings = { placeholders: string[]; codes: string[]; english: string[] };

/**
 * What a reader of the page's language would stop at, in every text of the
 * page (text nodes, labels for screen readers, titles, placeholders, alt
 * texts, the document title):
 * - placeholders: an unfilled `{{name}}`;
 * - codes: a raw status (SUCCESS, FAILED...), an entry kind or action code
 *   (`deposit.slip`, `auth.login`, `game:circus`) or a snake_case job name;
 * - english (th and la pages only): an English sentence, three words or more,
 *   outside brand names, what the person typed (`entered`) and text marked as
 *   another language (`lang`) or as not to translate (`translate="no"`, used for
 *   figures, references and what members or operators wrote themselves).
 */
export async function languageFindings(page: Page, locale: TestLocale, entered: string[] = []): Promise<LanguageFindings> {
  return page.evaluate(
    ({ locale, skip }) => {
      const pageLang = document.documentElement.lang;
      const found = { placeholders: [] as string[], codes: [] as string[], english: [] as string[] };
      const status = /\b(SUCCESS|FAILED|PENDING|PROCESSING|CANCELLED|EXPIRED|APPROVED|REJECTED)\b/;
      const code =
        /\b(deposit|withdraw|withdrawal|bonus|transfer|slip|invite|refund|spin|adjustment|auth|member|operator|rewards|settings|content|payout|game|chat|depositNotice)[.:][a-z][A-Za-z_-]*\b|\b[a-z]+_[a-z]+(_[a-z]+)*\b/;
      const english = /[A-Za-z]{4,}( [A-Za-z]{2,}){2,}/;
      const strip = (value: string) => skip.reduce((left, name) => left.split(name).join(' '), value);
      const check = (value: string | null, element: Element) => {
        if (!value?.trim()) return;
        const shown = value.trim().slice(0, 100);
        if (value.includes('{{')) found.placeholders.push(shown);
        const marked = element.closest('[lang]');
        const otherLanguage = marked !== null && marked !== document.documentElement && marked.getAttribute('lang') !== pageLang;
        const noTranslate = element.closest('[translate="no"]') !== null;
        if (otherLanguage || noTranslate) return;
        if (status.test(value) || code.test(value)) found.codes.push(shown);
        if (locale !== 'en' && english.test(strip(value))) found.english.push(shown);
      };
      check(document.title, document.documentElement);
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (parent && !parent.closest('script, style, noscript, svg')) check(node.textContent, parent);
      }
      for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) check(element.getAttribute(name), element);
      }
      return found;
    },
    { locale, skip: [...BRAND_NAMES, ...entered].sort((a, b) => b.length - a.length) },
  );
}
