import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { LOCALES } from '@jetton/contract/constants';
import { webAliases } from './build/aliases.ts';
import { chunkMap } from './build/chunk-map-plugin.ts';
import { preloadFirstFont } from './build/font-preload-plugin.ts';
import { precompress } from '../../packages/ui/build/precompress-plugin.ts';
import { prerenderLogin } from './build/prerender-plugin.ts';
import { routeGroups } from './build/route-group-plugin.ts';
import { earlyFetch } from './build/early-fetch-plugin.ts';

const apiTarget = 'http://127.0.0.1:8080';
const proxy = { '/api': apiTarget, '/sandbox': apiTarget };

/** The Lao build starts in Lao, so the first paint already carries the right `lang` (ISO 639-1 `lo`). */
function htmlLang(mode: string): Plugin {
  return {
    name: 'jetton-html-lang',
    transformIndexHtml: (html) =>
      mode === 'lao'
        ? html.replace('<html lang="th"', '<html lang="lo"').replace('/manifest-th.webmanifest', '/manifest-la.webmanifest')
        : html,
  };
}

const anyOf = (patterns: string[]): RegExp => new RegExp(patterns.map((pattern) => `(${pattern})`).join('|'));
const SEP = String.raw`[\\/]`;
const SRC = `apps${SEP}web${SEP}src${SEP}`;
const UI = `packages${SEP}ui${SEP}src${SEP}`;
const ICONS = `lucide-react${SEP}dist${SEP}esm${SEP}icons${SEP}`;

/**
 * What every route needs before its first paint, as one long-cached file: on a phone each request
 * costs a round trip and its headers, and these change only on upgrades.
 */
const SHELL_MODULES = anyOf([
  `node_modules${SEP}(react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)${SEP}`,
  `lucide-react${SEP}dist${SEP}esm${SEP}(createLucideIcon|Icon|defaultAttributes|context|shared${SEP}.*)\\.mjs`,
  `contract${SEP}src${SEP}(constants|routes)\\.ts`,
]);

/** The login screen with its layout and the parts it draws (fields, buttons, icons). */
const LOGIN_MODULES = anyOf([
  `${SRC}app${SEP}layouts${SEP}(public-layout|shell|bottom-nav|demo-strip)`,
  `${UI}i18n${SEP}(language-select|use-locale)`,
  `${SRC}features${SEP}auth${SEP}(login-screen|use-login|service-active-loader)`,
  `${UI}components${SEP}(page|text-field|password-field|button|brand-mark)`,
  `${UI}lib${SEP}(cx|api-client|api-error|early-fetch|translate-error|use-page-title)\\.ts`,
  `${SRC}lib${SEP}sandbox-mode\\.ts`,
  `${ICONS}(chevron-down|languages|house|user-plus|book-open|headset|eye|eye-off)\\.mjs`,
]);

/** What each file holds and why it is split this way: docs/performance.md. */
export default defineConfig(({ mode }) => {
  // The member area's layout, the home, and what they share with the other screens: a few files (build/route-group-plugin.ts).
  const member = routeGroups({
    router: 'src/app/router.tsx',
    roots: { member: 'src/app/layouts/member-layout.tsx', home: 'src/app/home-route.tsx' },
    siblings: ['profile/profile-screen', 'bonus/bonus-screen', 'statement/statement-screen', 'spin/spin-screen'].map(
      (screen) => `src/features/${screen}.tsx`,
    ),
    keepOut: [
      'src/main.tsx',
      'src/app/layouts/public-layout.tsx',
      'src/features/auth/login-screen.tsx',
      'src/features/auth/service-active-loader.ts',
      'src/app/contact-route.tsx',
    ],
  });
  const locale = loadEnv(mode, import.meta.dirname).VITE_DEFAULT_LOCALE === 'la' ? 'la' : 'th';
  return {
    plugins: [
      react(),
      member.plugin,
      earlyFetch(locale),
      htmlLang(mode),
      preloadFirstFont(locale === 'la' ? 'noto-sans-lao-lao-400-normal' : 'noto-sans-thai-thai-400-normal'),
      chunkMap(`src/i18n/${locale}.json`),
      prerenderLogin(mode),
      // Last: it compresses what the plugins before it wrote, the prerendered login page included.
      precompress(),
    ],
    resolve: { alias: webAliases },
    // The message files are read whole (`default`): no export per top-level key to ship and wrap.
    json: { namedExports: false },
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            // A group takes only the modules it names, not what they import (zod stays out of the shell).
            includeDependenciesRecursively: false,
            groups: [
              { name: 'framework', test: SHELL_MODULES, priority: 3 },
              // What /login draws, in one file rather than a dozen small ones (each a request and its
              // headers on a phone). Member screens share some of it, and every member passed /login.
              { name: 'login', test: LOGIN_MODULES, priority: 2 },
              // What the member area and /user/home draw (build/route-group-plugin.ts); /login's parts stay in `login`.
              ...member.groups.map((group) => ({ ...group, priority: 1 })),
              // A language's shared words (packages/ui) and the site's own in one file: one download per language.
              ...LOCALES.map((code) => ({ name: `messages-${code}`, test: new RegExp(`${SEP}i18n${SEP}${code}\\.json$`) })),
            ],
          },
        },
      },
    },
    server: { proxy },
    preview: { proxy },
  };
});
