import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@jetton/contract/constants';
import { ERROR_CODES, SLIP_NOTE_CODES } from '@jetton/contract/errors';
import { STATEMENT_CHANNELS, STATEMENT_TYPES } from '@jetton/contract/wallet';
import { CLIENT_ERROR_CODES } from '@jetton/ui/lib/api-error';
import sharedEn from '@jetton/ui/i18n/en.json';
import sharedLa from '@jetton/ui/i18n/la.json';
import sharedTh from '@jetton/ui/i18n/th.json';
import en from './en.json';
import la from './la.json';
import th from './th.json';

/** What the site reads: the shared words (packages/ui/src/i18n) with the member site's merged over them. */
const shared: Record<Locale, unknown> = { th: sharedTh, la: sharedLa, en: sharedEn };
const own: Record<Locale, unknown> = { th, la, en };

/** `{ a: { b: 'x' } }` -> `{ 'a.b': 'x' }`. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const flat = Object.fromEntries(
  LOCALES.map((locale) => [locale, new Map([...flatten(shared[locale]), ...flatten(own[locale])])]),
) as Record<Locale, Map<string, unknown>>;
const allKeys = [...new Set(LOCALES.flatMap((locale) => [...flat[locale].keys()]))].sort();

describe.each(LOCALES)('%s messages', (locale) => {
  it('have every key any language has', () => {
    const missing = allKeys.filter((key) => !flat[locale].has(key));
    expect(missing).toEqual([]);
  });

  it('are all non-empty strings', () => {
    const bad = [...flat[locale]].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
    expect(bad.map(([key]) => key)).toEqual([]);
  });

  it('translate every error code of the contract and of the client', () => {
    const missing = [...ERROR_CODES, ...CLIENT_ERROR_CODES].filter((code) => !flat[locale].has(`errors.${code}`));
    expect(missing).toEqual([]);
  });

  it('translate every slip note code', () => {
    const missing = SLIP_NOTE_CODES.filter((code) => !flat[locale].has(`slipNotes.${code}`));
    expect(missing).toEqual([]);
  });

  it('word every statement type and channel of the contract', () => {
    const keys = [
      ...STATEMENT_TYPES.map((type) => `statement.types.${type}`),
      ...STATEMENT_CHANNELS.map((kind) => `statement.channel.${kind}`),
    ];
    expect(keys.filter((key) => !flat[locale].has(key))).toEqual([]);
  });

  it('keep the same {{placeholders}} as English', () => {
    const placeholders = (text: unknown): string[] => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
    const mismatched = allKeys.filter(
      (key) => JSON.stringify(placeholders(flat[locale].get(key))) !== JSON.stringify(placeholders(flat.en.get(key))),
    );
    expect(mismatched).toEqual([]);
  });
});

describe('script sanity', () => {
  const thaiBlock = /[\u0E00-\u0E7F]/;
  const laoBlock = /[\u0E80-\u0EFF]/;

  it('keeps Thai letters out of the Lao file (except the Thai language name)', () => {
    const leaked = [...flat.la].filter(([key, value]) => key !== 'language.th' && thaiBlock.test(String(value)));
    expect(leaked.map(([key]) => key)).toEqual([]);
  });

  it('keeps Lao letters out of the Thai file (except the Lao language name)', () => {
    const leaked = [...flat.th].filter(([key, value]) => key !== 'language.la' && laoBlock.test(String(value)));
    expect(leaked.map(([key]) => key)).toEqual([]);
  });
});
