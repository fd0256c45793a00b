import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFoundBody, NOT_FOUND_STATUS } from './error-handler.ts';

/**
 * Serves the built web app with a history-mode fallback: any GET outside /api
 * and /sandbox that is not a file answers index.html, so deep links work.
 * Unknown /api paths answer 404 JSON.
 *
 * index.html goes out with the start-time values the web needs and must not
 * bake into a build, as `<meta>` tags (the gift-link key: see docs/deposits.md, "Gift links").
 */
export async function registerWebApp(app: FastifyInstance, webDist: string, page: { truelinkKey?: string } = {}): Promise<void> {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (reply, filePath) => {
        reply.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDist }, 'web build not found: run `npm run build` to serve the site');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/sandbox/');
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      return indexHtml(webDist, page).then((html) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html));
    }
    return reply.status(NOT_FOUND_STATUS).send(notFoundBody());
  });
}

/** Read per request (a rebuild while running must not serve stale asset names); it is a small file. */
async function indexHtml(webDist: string, page: { truelinkKey?: string }): Promise<string> {
  const html = await readFile(path.join(webDist, 'index.html'), 'utf8');
  if (!page.truelinkKey) return html;
  // base64url only: nothing to escape, and nothing here can close the tag.
  const meta = `<meta name="jetton-truelink-key" content="${page.truelinkKey.replace(/[^A-Za-z0-9_-]/g, '')}">`;
  return html.replace('</head>', `${meta}</head>`);
}
