import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLocale, LANGUAGE_TAGS, LOCALES, STORAGE_KEYS, type Locale } from '@jetton/contract/constants';
import { buildFlags } from '@jetton/ui/lib/build-flags';
import { storage } from '@jetton/ui/lib/storage';

type Messages = Record<string, unknown>;

/** One app's own messages, one download per language (`() => import('./th.json')`). */
export type AppMessages = Record<Locale, () => Promise<{ default: Messages }>>;

/**
 * The words this package's own parts say (`common.*`, `language.*`, every `errors.<CODE>`,
 * statement types and channels, slip notes), in every language. An app's messages are merged
 * over them. The member site's build puts both files of a language in one chunk (its
 * vite.config.ts), so a visitor still downloads one file per language.
 */
const sharedMessages: AppMessages = {
  th: () => import('./th.json'),
  la: () => import('./la.json'),
  en: () => import('./en.json'),
};

let appMessages: AppMessages | undefined;

function initialLocale(): Locale {
  const stored = storage.get(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : buildFlags.defaultLocale;
}

async function ensureLoaded(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const [shared, own] = await Promise.all([sharedMessages[locale](), appMessages?.[locale]()]);
  // deep = true, overwrite = true: the app's words win where both name a key.
  i18n.addResourceBundle(locale, 'translation', shared.default, true, true);
  if (own) i18n.addResourceBundle(locale, 'translation', own.default, true, true);
}

function applyDocumentLang(locale: Locale): void {
  // No document when the login page is prerendered at build time.
  if (typeof document === 'undefined') return;
  document.documentElement.lang = LANGUAGE_TAGS[locale];
  // The installed app's name follows the language too (the member site's manifests, one per language).
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/manifest-${locale}.webmanifest`);
}

/**
 * Loads the saved (or build default) language before the first render: the shared words and
 * the app's own. The saved choice is shared by both apps on one origin.
 */
export async function initI18n(messages: AppMessages): Promise<void> {
  appMessages = messages;
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
