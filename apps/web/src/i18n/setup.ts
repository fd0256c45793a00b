import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLocale, LANGUAGE_TAGS, LOCALES, STORAGE_KEYS, type Locale } from '@jetton/contract/constants';
import { buildFlags } from '@/lib/build-flags';
import { storage } from '@/lib/storage';

type Messages = Record<string, unknown>;

/** Each language is its own chunk: a visitor downloads only the one they read. */
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  th: () => import('./th.json'),
  la: () => import('./la.json'),
  en: () => import('./en.json'),
};

function initialLocale(): Locale {
  const stored = storage.get(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : buildFlags.defaultLocale;
}

async function ensureLoaded(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const messages = await loaders[locale]();
  i18n.addResourceBundle(locale, 'translation', messages.default);
}

function applyDocumentLang(locale: Locale): void {
  // No document when the login page is prerendered at build time.
  if (typeof document === 'undefined') return;
  document.documentElement.lang = LANGUAGE_TAGS[locale];
}

/** Loads the saved (or build default) language before the first render. */
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

/** Switches language, remembers it in localStorage `locale`, and updates <html lang>. */
export async function changeLocale(locale: Locale): Promise<void> {
  await ensureLoaded(locale);
  await i18n.changeLanguage(locale);
  storage.set(STORAGE_KEYS.locale, locale);
}
