import type { Locale } from '@jetton/contract/constants';
import type { TLocalized } from '@jetton/contract/lookup';

/** Picks the text of the current language from a `{ th, la, en }` server value. */
export function localizedText(text: TLocalized, locale: Locale): string {
  return text[locale] || text.en || text.th;
}
