import { defineConfig, loadEnv, type Plugin } from 'vite';
import preact from '@preact/preset-vite';
import { webAliases } from './build/aliases.ts';
import { chunkMap } from './build/chunk-map-plugin.ts';
import { preloadFirstFont } from './build/font-preload-plugin.ts';
import { precompress } from './build/precompress-plugin.ts';
import { prerenderLogin } from './build/prerender-plugin.ts';

const apiTarget = 'http://127.0.0.1:8080';
const proxy = { '/api': apiTarget, '/sandbox': apiTarget };

/** The Lao build starts in Lao, so the first paint already carries the right `lang` (ISO 639-1 `lo`). */
function htmlLang(mode: string): Plugin {
  return {
    name: 'jetton-html-lang',
    transformIndexHtml: (html) => (mode === 'lao' ? html.replace('<html lang="th"', '<html lang="lo"') : html),
  };
}

/** What each file holds and why it is split this way: docs/performance.md. */
export default defineConfig(({ mode }) => {
  const locale = loadEnv(mode, import.meta.dirname).VITE_DEFAULT_LOCALE === 'la' ? 'la' : 'th';
  return {
    plugins: [
      // Preact runs the app's React code (docs/performance.md, "The runtime"); webAliases add the
      // one hook React Router needs that Preact lacks, so the preset's own aliases are off.
      preact({ reactAliasesEnabled: false, prerender: { enabled: false } }),
      htmlLang(mode),
      preloadFirstFont(locale === 'la' ? 'noto-sans-lao-lao-400-normal' : 'noto-sans-thai-thai-400-normal'),
      chunkMap(`src/i18n/${locale}.json`),
      prerenderLogin(mode),
      // Last: it compresses what the plugins before it wrote, the prerendered login page included.
      precompress(),
    ],
    resolve: { alias: webAliases },
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            // A group takes only the modules it names, not what they import (zod stays out of the shell).
            includeDependenciesRecursively: false,
            groups: [
              // What every route needs before its first paint, as one long-cached file: on a phone each
              // request costs a round trip and its headers, and these libraries change only on upgrades.
              {
                name: 'framework',
                test: /node_modules[\\/](preact|react-router|@tanstack|i18next|react-i18next)[\\/]/,
                priority: 1,
              },
            ],
          },
        },
      },
    },
    server: { proxy },
    preview: { proxy },
  };
});
