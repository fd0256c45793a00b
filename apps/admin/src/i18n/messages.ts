import type { AppMessages } from '@jetton/ui/i18n/setup';

/** The back office's own words, merged over the shared ones (packages/ui/src/i18n); loaded only when chosen. */
export const adminMessages: AppMessages = {
  th: () => import('./th.json'),
  la: () => import('./la.json'),
  en: () => import('./en.json'),
};
