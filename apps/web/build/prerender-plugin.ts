import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { webAliases } from './aliases.ts';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from './chunk-map-plugin.ts';
import { EARLY_FETCH_TAG } from './early-fetch-plugin.ts';

/** The pages the server sends for a route when the build has them (apps/server/src/http/web-app.ts). */
export const PRERENDERED_PAGES = {
  '/login': { file: 'login.html', sandboxFile: 'login-sandbox.html' },
  '/user/home': { file: 'home.html', sandboxFile: 'home-sandbox.html' },
} as const;

type Render = (sandbox: boolean) => Promise<{ html: string; title: string }>;

/**
 * Writes `login.html` and `home.html` (and their `-sandbox` twins, with the
 * demo strip): the built index.html with the screen already in `#root`
 * (rendered by src/prerender/ in a server-side build of the same sources and
 * aliases), its title, and the shell's and route's styles inline, so the first
 * paint needs no JavaScript and no request after the page. Runs after the
 * browser build is written and before the files are compressed. Why:
 * docs/performance.md, "The prerendered login" and "The home's critical path".
 */
export function prerenderLogin(mode: string): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'jetton-prerender-login',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const ssrDir = path.join(root, 'node_modules/.cache/jetton-prerender', mode);
        await build({
          root,
          mode,
          configFile: false,
          logLevel: 'warn',
          plugins: [react()],
          resolve: { alias: webAliases },
          // Everything bundled: one self-contained file, imported once below.
          ssr: { noExternal: true },
          build: { ssr: 'src/prerender/pages.ts', outDir: ssrDir, emptyOutDir: true, minify: false },
        });
        const entry = pathToFileURL(path.join(ssrDir, 'pages.js')).href;
        const pages = (await import(entry)) as { renderLoginPage: Render; renderHomePage: Render };
        const preloads = JSON.parse(readFileSync(path.join(outDir, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreloads;
        const built = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        // /login reads nothing for a member: no early reads there. The login keeps a tap made before the app runs.
        await writePage(outDir, preloads, {
          routePath: '/login',
          built: built.replace(EARLY_FETCH_TAG, ''),
          render: pages.renderLoginPage,
          starterExtra: REMEMBER_LOGIN_TAP,
        });
        // The home's app waits until the member's total is on screen (the page's early wallet read,
        // build/early-fetch-plugin.ts), at most a second: on a phone's link the app's 180 KiB would
        // otherwise share the bandwidth with the one answer the first paint needs.
        const totalShown = 'Promise.race([globalThis.jettonEarly?.painted, new Promise((done) => setTimeout(done, 1000))])';
        // The total's bold Latin digits: fetched with the page, not once layout finds the text needs them. When
        // the font came after the app had started, the app's own header (drawn in it, wider than the early total
        // drawn in the fallback) became the largest paint, and LCP waited for the app (docs/performance.md).
        await writePage(outDir, preloads, {
          routePath: '/user/home',
          built,
          render: pages.renderHomePage,
          waitFor: totalShown,
          preloadFont: /\/assets\/noto-sans-thai-latin-600-normal-[\w-]+\.woff2/,
        });
      },
    },
  };
}

/** One prerendered route, with and without the demo strip. */
type PageOptions = {
  routePath: keyof typeof PRERENDERED_PAGES;
  /** The built index.html the page starts from. */
  built: string;
  render: Render;
  /** Script the starter runs first. */
  starterExtra?: string;
  /** An expression whose promise the starter awaits before it loads the app. */
  waitFor?: string;
  /** A font file, named by the inlined styles' URL, the page asks for at once. */
  preloadFont?: RegExp;
};

async function writePage(outDir: string, preloads: RoutePreloads, options: PageOptions): Promise<void> {
  const { routePath, built, render, starterExtra = '', waitFor, preloadFont } = options;
  const route = preloads[routePath];
  if (!route) throw new Error(`the build lists no chunks for ${routePath}`);
  // The shell's and the route's styles go inline: a phone paints the page without one more
  // request per stylesheet. The route's chunks still fetch their own when they load (cached, harmless).
  let index = built;
  const shellCss = [...index.matchAll(/<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g)];
  for (const link of shellCss) index = index.replace(link[0], '');
  const css = [...shellCss.map((link) => link[1] ?? ''), ...route.css].map((file) => readFileSync(path.join(outDir, file), 'utf8'));
  // The screen is painted without JavaScript. A small script starts the app a frame after the
  // page is on screen, and only then names the app's chunks: a slow phone paints the page at
  // once (styles inline, no download before it) and fetches and runs the app right after.
  const entryScript = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/.exec(index);
  if (!entryScript?.[1]) throw new Error('index.html has no entry script to start after the first paint');
  const shellChunks = [...index.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g)];
  const chunks = [...shellChunks.map((link) => link[1] ?? ''), ...route.js.map((file) => `/${file}`)];
  const starter = startAfterPaint(entryScript[1], chunks, starterExtra, waitFor);
  writeFileSync(path.join(outDir, starter.file), starter.source);
  index = index.replace(entryScript[0], `<script type="module" crossorigin src="/${starter.file}"></script>`);
  for (const link of shellChunks) index = index.replace(link[0], '');
  const font = preloadFont ? preloadFont.exec(css.join('\n'))?.[0] : undefined;
  if (preloadFont && !font) throw new Error(`${routePath}: no font ${String(preloadFont)} in the inlined styles`);
  const fontLink = font ? `<link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin>` : '';
  const head = `${fontLink}<style>${css.join('\n')}</style>`;
  const files = PRERENDERED_PAGES[routePath];
  for (const sandbox of [false, true]) {
    const { html, title } = await render(sandbox);
    const page = index
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(title)}</title>`)
      .replace('</head>', `${head}</head>`)
      .replace('<div id="root"></div>', `<div id="root" data-prerendered="${routePath}">${html}</div>`);
    if (!page.includes('data-prerendered')) throw new Error('index.html has no empty <div id="root"></div> to prerender into');
    writeFileSync(path.join(outDir, sandbox ? files.sandboxFile : files.file), page);
  }
}

/** The script that starts the app after the first paint, named by its content like every built asset. */
function startAfterPaint(entry: string, chunks: string[], extra: string, waitFor = 'Promise.resolve()'): { file: string; source: string } {
  const source = `// Starts the app once the prerendered page is on screen (docs/performance.md, "The prerendered login").
void ${waitFor}.then(() =>
  requestAnimationFrame(() =>
    setTimeout(() => {
      for (const href of ${JSON.stringify(chunks)}) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.append(link);
      }
      void import(${JSON.stringify(entry)});
    }),
  ),
);
${extra}`;
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  return { file: `assets/page-start-${hash}.js`, source };
}

/**
 * A tap on the login button (or Enter in a field) before the app runs would do nothing: the
 * button is not a submit button yet. Remember it, and send the form once the app has made it one.
 */
const REMEMBER_LOGIN_TAP = `
// A tap on the login button (or Enter in a field) before the app runs would do nothing: the
// button is not a submit button yet. Remember it, and send the form once the app has made it one.
const root = document.getElementById('root');
let asked = false;
const ask = (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const onButton = event.type === 'click' && target?.closest('form button[type="button"]:not([aria-pressed])');
  const enter = event.type === 'keydown' && event.key === 'Enter' && target?.closest('form input');
  if (onButton || enter) asked = true;
};
document.addEventListener('click', ask, true);
document.addEventListener('keydown', ask, true);
const ready = new MutationObserver(() => {
  const submit = root?.querySelector('form button[type="submit"]');
  if (!submit) return;
  ready.disconnect();
  document.removeEventListener('click', ask, true);
  document.removeEventListener('keydown', ask, true);
  if (asked) submit.form?.requestSubmit(submit);
});
if (root) ready.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['type'] });
`;

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
