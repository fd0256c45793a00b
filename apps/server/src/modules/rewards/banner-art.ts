import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { escapeHtml } from '../../http/html.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * The demo banners' artwork: wide SVG cards drawn at start and served from
 * memory. They carry no words, only the offer's figure, so one image serves
 * every language; the banner's copy is HTML text in the member's language
 * beside it (docs/rewards.md, "Banners").
 */
type Art = { from: string; to: string; figure: string };
const BANNERS: Record<string, Art> = {
  'welcome.svg': { from: '#7a1f3d', to: '#e0a82e', figure: '100%' },
  'daily.svg': { from: '#14532d', to: '#4fb286', figure: '10%' },
  'weekend.svg': { from: '#1e3a8a', to: '#7c6cf2', figure: '20%' },
  'invite.svg': { from: '#3b1e6d', to: '#c2417a', figure: '1%' },
  'refund.svg': { from: '#0f4c5c', to: '#2a9d8f', figure: '5%' },
};

export const bannerPath = (file: string) => `/assets/banners/${file}`;

function bannerSvg(b: Art): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 280" width="640" height="280"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b.from}"/><stop offset="1" stop-color="${b.to}"/></linearGradient></defs><rect width="640" height="280" rx="24" fill="url(#g)"/><circle cx="560" cy="60" r="90" fill="#ffffff" opacity="0.08"/><circle cx="90" cy="250" r="120" fill="#ffffff" opacity="0.06"/><path d="M420 200 l40 -70 l40 70 z" fill="#ffffff" opacity="0.12"/><text x="40" y="170" font-family="sans-serif" font-size="110" font-weight="700" fill="#ffffff">${escapeHtml(b.figure)}</text></svg>`;
}

const ZParams = z.object({ file: text().max(64) });

export function registerBannerArtRoutes(app: FastifyInstance): void {
  const files = new Map(Object.entries(BANNERS).map(([name, b]) => [name, bannerSvg(b)]));
  app.get('/assets/banners/:file', { schema: { hide: true, params: ZParams } }, async (request, reply) => {
    const svg = files.get((request.params as z.infer<typeof ZParams>).file);
    if (!svg) throw new AppError('NOT_FOUND');
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });
}
