import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@jetton/contract/constants';
import { ERROR_CODES } from '@jetton/contract/errors';
import { ROLES } from '@jetton/contract/admin/permissions';
import sharedEn from '@jetton/ui/i18n/en.json';
import sharedLa from '@jetton/ui/i18n/la.json';
import sharedTh from '@jetton/ui/i18n/th.json';
import { NAV_GROUPS, SCREENS } from '@admin/app/screens';
import en from './en.json';
import la from './la.json';
import th from './th.json';

const admin: Record<Locale, unknown> = { th, la, en };
const shared: Record<Locale, unknown> = { th: sharedTh, la: sharedLa, en: sharedEn };

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

const flat = Object.fromEntries(LOCALES.map((locale) => [locale, flatten(admin[locale])])) as Record<Locale, Map<string, unknown>>;
/** What the app reads: the shared words (packages/ui/src/i18n) with the admin's merged over them. */
const merged = Object.fromEntries(LOCALES.map((locale) => [locale, new Map([...flatten(shared[locale]), ...flat[locale]])])) as Record<
  Locale,
  Map<string, unknown>
>;
const allKeys = [...new Set(LOCALES.flatMap((locale) => [...flat[locale].keys()]))].sort();

describe.each(LOCALES)('%s admin messages', (locale) => {
  it('have every key any language has', () => {
    expect(allKeys.filter((key) => !flat[locale].has(key))).toEqual([]);
  });

  it('are all non-empty strings', () => {
    const bad = [...flat[locale]].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
    expect(bad.map(([key]) => key)).toEqual([]);
  });

  it('keep the same {{placeholders}} as English', () => {
    const placeholders = (text: unknown): string[] => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
    const mismatched = allKeys.filter(
      (key) => JSON.stringify(placeholders(flat[locale].get(key))) !== JSON.stringify(placeholders(flat.en.get(key))),
    );
    expect(mismatched).toEqual([]);
  });

  it('name every screen, menu group and role', () => {
    const keys = [...SCREENS.map((s) => s.titleKey), ...NAV_GROUPS.map((g) => `navGroups.${g}`), ...ROLES.map((r) => `roles.${r}`)];
    expect(keys.filter((key) => !flat[locale].has(key))).toEqual([]);
  });

  it('translate every error code of the contract (the shared words hold most of them)', () => {
    expect(ERROR_CODES.filter((code) => !merged[locale].has(`errors.${code}`))).toEqual([]);
  });
});

describe('script sanity', () => {
  it('keeps Thai letters out of the Lao file and Lao letters out of the Thai file', () => {
    expect([...flat.la].filter(([, value]) => /[\u0E00-\u0E7F]/.test(String(value))).map(([key]) => key)).toEqual([]);
    expect([...flat.th].filter(([, value]) => /[\u0E80-\u0EFF]/.test(String(value))).map(([key]) => key)).toEqual([]);
  });
});
