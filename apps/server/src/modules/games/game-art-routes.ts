import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { AppError } from '../../http/app-error.ts';
import { gameBackgroundSvg, gameLogoSvg } from './game-art.ts';
import { GAME_CATALOGUE } from './game-catalogue.ts';

const ZArtParams = z.object({ file: text().max(64) });

/**
 * GET /assets/games/<code>-logo.svg and -bg.svg: the catalogue artwork, drawn
 * once at start and served from memory like static files.
 */
export function registerGameArtRoutes(app: FastifyInstance): void {
  const files = new Map<string, string>();
  for (const game of GAME_CATALOGUE) {
    files.set(`${game.code}-logo.svg`, gameLogoSvg(game));
    files.set(`${game.code}-bg.svg`, gameBackgroundSvg(game));
  }
  app.get('/assets/games/:file', { schema: { hide: true, params: ZArtParams } }, async (request, reply) => {
    const svg = files.get((request.params as z.infer<typeof ZArtParams>).file);
    if (!svg) throw new AppError('NOT_FOUND');
    return (
      reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        // An SVG opened directly is a document: forbid it any script.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg)
    );
  });
}
