import type { Locale } from '@jetton/contract/constants';
import type { TLocalName } from '@jetton/contract/lookup';

const FIELD = { th: 'nameTH', la: 'nameLA', en: 'nameEN' } as const satisfies Record<Locale, keyof TLocalName>;

/**
 * A bank's or a source's name in the page's language (docs/member-web.md,
 * "Names in the page's language"). An empty name falls back to English, then
 * Thai, so a half-filled lookup still names the bank.
 */
export function localName(names: TLocalName, locale: Locale): string {
  return names[FIELD[locale]] || names.nameEN || names.nameTH;
}
