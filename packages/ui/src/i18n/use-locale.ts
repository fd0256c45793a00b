import { useTranslation } from 'react-i18next';
import { isLocale, type Locale } from '@jetton/contract/constants';
import { buildFlags } from '@jetton/ui/lib/build-flags';

/** The current interface language (th, la or en); re-renders when it changes. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : buildFlags.defaultLocale;
}
