import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { escapeHtml } from '../../http/html.ts';
import { AppError } from '../../http/app-error.ts';

/** The demo banners' artwork: wide SVG cards, drawn at start and served from memory. */
const BANNERS: Record<string, { from: string; to: string; title: string; line: string }> = {
  'welcome.svg': { from: '#7a1f3d', to: '#e0a82e', title: 'WELCOME 100%', line: 'Deposit 100, play with 200' },
  'daily.svg': { from: '#14532d', to: '#4fb286', title: 'DAILY 10%', line: 'Every day, up to 500' },
  'weekend.svg': { from: '#1e3a8a', to: '#7c6cf2', title: 'WEEKLY 20%', line: 'Twice a week, up to 1,000' },
  'invite.svg': { from: '#3b1e6d', to: '#c2417a', title: 'INVITE FRIENDS', line: '1% of their play, every day' },
  'refund.svg': { from: '#0f4c5c', to: '#2a9d8f', title: 'REFUND 5%', line: 'Of yesterday\u2019s losses, back to you' },
};

export const bannerPath = (file: string) => `/assets/banners/${file}`;

function bannerSvg(b: { from: string; to: string; title: string; line: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 280" width="640" height="280"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b.from}"/><stop offset="1" stop-color="${b.to}"/></linearGradient></defs><rect width="640" height="280" rx="24" fill="url(#g)"/><circle cx="560" cy="60" r="90" fill="#ffffff" opacity="0.08"/><text x="40" y="140" font-family="sans-serif" font-size="56" font-weight="700" fill="#ffffff">${escapeHtml(b.title)}</text><text x="40" y="196" font-family="sans-serif" font-size="28" fill="#ffffff" opacity="0.9">${escapeHtml(b.line)}</text></svg>`;
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
