import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFoundBody, NOT_FOUND_STATUS } from './error-handler.ts';

/**
 * Serves the built web app with a history-mode fallback: any GET outside /api
 * and /sandbox that is not a file answers index.html, so deep links work.
 * Unknown /api paths answer 404 JSON.
 *
 * index.html goes out with the start-time values the web needs and must not
 * bake into a build, as `<meta>` tags (the gift-link key: see docs/deposits.md, "Gift links";
 * the sandbox flag behind the demo strip),
 * and with the route's own chunks announced (see routePreloadLinks).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string, page: PageValues = {}, adminDist?: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, staticOptions(webDist));
  } else {
    app.log.warn({ webDist }, 'web build not found: run `npm run build` to serve the site');
  }
  // The back office is its own build under /admin (docs/operators.md, "The admin app"), cached and
  // compressed the same way; its deep links fall back to its own index.html.
  const hasAdmin = adminDist !== undefined && existsSync(path.join(adminDist, 'index.html'));
  if (hasAdmin) {
    await app.register(fastifyStatic, { ...staticOptions(adminDist), prefix: '/admin/', decorateReply: false });
  } else if (adminDist !== undefined) {
    app.log.warn({ adminDist }, 'back office build not found: run `npm run build` to serve /admin');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isGet = request.method === 'GET' || request.method === 'HEAD';
    if (hasAdmin && isGet && (url === '/admin' || url.startsWith('/admin/') || url.startsWith('/admin?'))) {
      return readFile(path.join(adminDist, 'index.html'), 'utf8').then((html) =>
        reply.header('Cache-Control', 'no-cache').header('X-Robots-Tag', 'noindex').type('text/html; charset=utf-8').send(html),
      );
    }
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/sandbox/');
    if (!isApi && hasBuild && isGet) {
      return indexHtml(webDist, page, request.url).then((html) =>
        reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html),
      );
    }
    return reply.status(NOT_FOUND_STATUS).send(notFoundBody());
  });
}

/** What the page carries from the server's start: the gift-link key, and whether the simulators run (the demo strip). */
type PageValues = { truelinkKey?: string; sandbox?: boolean };

function staticOptions(root: string): FastifyStaticOptions {
  return {
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file: the variant the browser accepts goes out
    // as it is (Content-Encoding, Vary: Accept-Encoding), with no compression work per request.
    preCompressed: true,
    // Hashed assets never change; index.html must always be revalidated.
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      // A service worker runs under the policy its script came with: it fetches the site's own files
      // for the offline page, which the API's default-src 'none' would refuse (docs/member-web.md, "Installable app").
      if (path.basename(filePath).startsWith('sw.js')) reply.header('content-security-policy', "default-src 'self'");
    },
  };
}

/** Routes the build prerenders (apps/web/build/prerender-plugin.ts): their page, and the one with the demo strip. */
const PRERENDERED: Record<string, { file: string; sandboxFile: string } | undefined> = {
  '/login': { file: 'login.html', sandboxFile: 'login-sandbox.html' },
  '/user/home': { file: 'home.html', sandboxFile: 'home-sandbox.html' },
};

/**
 * Read per request (a rebuild while running must not serve stale asset names); it is a small file.
 * /login and /user/home have their own page when the build prerendered them (login.html, or
 * login-sandbox.html with the demo strip: the screen already in the HTML with its styles, its
 * chunks already named; docs/performance.md, "The prerendered login" and "The home's critical path").
 */
async function indexHtml(webDist: string, page: PageValues, url: string): Promise<string> {
  const pathname = pathOf(url);
  const pages = Object.hasOwn(PRERENDERED, pathname) ? PRERENDERED[pathname] : undefined;
  const pageFile = pages && (page.sandbox ? pages.sandboxFile : pages.file);
  const prerendered = pageFile ? await readFile(path.join(webDist, pageFile), 'utf8').catch(() => undefined) : undefined;
  const [html, preloads] = prerendered
    ? [prerendered, '']
    : await Promise.all([readFile(path.join(webDist, 'index.html'), 'utf8'), routePreloadLinks(webDist, url)]);
  // base64url only: nothing to escape, and nothing here can close the tag.
  const key = page.truelinkKey ? `<meta name="jetton-truelink-key" content="${page.truelinkKey.replace(/[^A-Za-z0-9_-]/g, '')}">` : '';
  // docs/security.md, "The sandbox in production": every page says it is a demo.
  const meta = page.sandbox ? `<meta name="jetton-sandbox" content="on">${key}` : key;
  return html.replace('</head>', `${meta}${preloads}</head>`);
}

type RoutePreloads = Record<string, { js: string[]; css: string[] } | undefined>;
const ASSET_PATH = /^assets\/[\w.-]+\.(js|css)$/;

/**
 * The build lists, per route, the chunks and styles that route loads beyond
 * the shell (and the default language), in `.vite/route-preloads.json`. Named
 * in the page, they download with the shell instead of one round trip after
 * another as each module finds the next: on a phone that is most of the time
 * to first paint (docs/performance.md). A route not listed gets none.
 */
async function routePreloadLinks(webDist: string, url: string): Promise<string> {
  const pathname = pathOf(url);
  let preloads: RoutePreloads;
  try {
    preloads = JSON.parse(await readFile(path.join(webDist, '.vite/route-preloads.json'), 'utf8')) as RoutePreloads;
  } catch {
    return ''; // an older build without the list: the page still works, only slower
  }
  const route = Object.hasOwn(preloads, pathname) ? preloads[pathname] : undefined;
  if (!route) return '';
  const js = route.js.filter((file) => ASSET_PATH.test(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const css = route.css
    .filter((file) => ASSET_PATH.test(file))
    .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
  return [...js, ...css].join('');
}

/** The path of a request URL without its query and trailing slashes. */
function pathOf(url: string): string {
  return (url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/';
}
