import type { AppMessages } from '@jetton/ui/i18n/setup';

/** The member site's own words, merged over the shared ones (packages/ui/src/i18n); one download per language. */
export const webMessages: AppMessages = {
  th: () => import('./th.json'),
  la: () => import('./la.json'),
  en: () => import('./en.json'),
};
