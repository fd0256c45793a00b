import { DEFAULT_LOCALE, isLocale, LAO_DEFAULT_LOCALE, LOCALES, type Locale } from '@jetton/contract/constants';

/**
 * Build variants, read once. This is the only module that reads
 * `import.meta.env`, so a bad value fails at boot with the name of the key.
 */
export type GameLaunchTarget = '_blank' | '_self';

export type BuildFlags = {
  /** `vite build --mode lao`: default locale la, no phone length check, currency choice. */
  isLaoBuild: boolean;
  defaultLocale: Locale;
  /** Where game launches open: a new tab (default) or the same window. */
  gameLaunchTarget: GameLaunchTarget;
};

function readFlags(env: ImportMetaEnv): BuildFlags {
  const isLaoBuild = env.VITE_LAO_BUILD === 'true';
  const locale = env.VITE_DEFAULT_LOCALE ?? (isLaoBuild ? LAO_DEFAULT_LOCALE : DEFAULT_LOCALE);
  if (!isLocale(locale)) throw new Error(`VITE_DEFAULT_LOCALE must be one of ${LOCALES.join(', ')}, got "${locale}"`);
  const target = env.VITE_GAME_LAUNCH_TARGET ?? '_blank';
  if (target !== '_blank' && target !== '_self') {
    throw new Error(`VITE_GAME_LAUNCH_TARGET must be _blank or _self, got "${target}"`);
  }
  return { isLaoBuild, defaultLocale: locale, gameLaunchTarget: target };
}

export const buildFlags: BuildFlags = readFlags(import.meta.env);
