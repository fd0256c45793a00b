import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLocale, LANGUAGE_TAGS, LOCALES, STORAGE_KEYS, type Locale } from '@jetton/contract/constants';
import { buildFlags } from '@/lib/build-flags';
import { storage } from '@/lib/storage';

type Messages = Record<string, unknown>;

/**
 * The admin app speaks through the member app's messages (the shared components' `common.*`,
 * every `errors.<CODE>`, statement types) plus its own, merged over them. Each language is
 * its own pair of chunks, loaded only when chosen.
 */
const loaders: Record<Locale, () => Promise<[{ default: Messages }, { default: Messages }]>> = {
  th: () => Promise.all([import('@/i18n/th.json'), import('./th.json')]),
  la: () => Promise.all([import('@/i18n/la.json'), import('./la.json')]),
  en: () => Promise.all([import('@/i18n/en.json'), import('./en.json')]),
};

function initialLocale(): Locale {
  const stored = storage.get(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : buildFlags.defaultLocale;
}

async function ensureLoaded(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const [member, admin] = await loaders[locale]();
  // deep = true, overwrite = true: the admin's words win where both name a key.
  i18n.addResourceBundle(locale, 'translation', member.default, true, true);
  i18n.addResourceBundle(locale, 'translation', admin.default, true, true);
}

function applyDocumentLang(locale: Locale): void {
  document.documentElement.lang = LANGUAGE_TAGS[locale];
}

/** Loads the saved language (shared with the member site on this origin) before the first render. */
export async function initI18n(): Promise<void> {
  const locale = initialLocale();
  await i18n.use(initReactI18next).init({
    lng: locale,
    supportedLngs: [...LOCALES],
    fallbackLng: false,
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  await ensureLoaded(locale);
  applyDocumentLang(locale);
  i18n.on('languageChanged', (lng) => {
    if (isLocale(lng)) applyDocumentLang(lng);
  });
}

export async function changeLocale(locale: Locale): Promise<void> {
  await ensureLoaded(locale);
  await i18n.changeLanguage(locale);
  storage.set(STORAGE_KEYS.locale, locale);
}
