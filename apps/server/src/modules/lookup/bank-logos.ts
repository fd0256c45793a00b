import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { escapeHtml } from '../../http/html.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * The listed banks' marks, drawn for this project (README, "Credits"): a
 * rounded square in the bank's colour with its short name, not the bank's
 * logo artwork. `ink` is the text colour that reads on that colour.
 */
const MARKS: Record<string, { colour: string; ink: string; mark: string }> = {
  BBL: { colour: '#1e4598', ink: '#ffffff', mark: 'BBL' },
  KBANK: { colour: '#138f2d', ink: '#ffffff', mark: 'K' },
  KTB: { colour: '#1ba5e1', ink: '#ffffff', mark: 'KTB' },
  TMB: { colour: '#0050f0', ink: '#ffffff', mark: 'ttb' },
  SCB: { colour: '#4e2e7f', ink: '#ffffff', mark: 'SCB' },
  BAY: { colour: '#fec43b', ink: '#3d2b00', mark: 'BAY' },
  GSB: { colour: '#eb198d', ink: '#ffffff', mark: 'GSB' },
  BAAC: { colour: '#4b9b3b', ink: '#ffffff', mark: 'BAAC' },
  GHB: { colour: '#f57d20', ink: '#2b1300', mark: 'GHB' },
  CIMBT: { colour: '#7e2f36', ink: '#ffffff', mark: 'CIMB' },
  UOB: { colour: '#0b3979', ink: '#ffffff', mark: 'UOB' },
  KKP: { colour: '#635f98', ink: '#ffffff', mark: 'KKP' },
  TISCO: { colour: '#12549f', ink: '#ffffff', mark: 'TSC' },
  LH: { colour: '#6d6e71', ink: '#ffffff', mark: 'LH' },
  BCEL: { colour: '#d71920', ink: '#ffffff', mark: 'BCEL' },
  LDB: { colour: '#0b6b3a', ink: '#ffffff', mark: 'LDB' },
  JDB: { colour: '#0f4c81', ink: '#ffffff', mark: 'JDB' },
  APB: { colour: '#1a7f3c', ink: '#ffffff', mark: 'APB' },
};

function markSvg(m: { colour: string; ink: string; mark: string }): string {
  const size = m.mark.length <= 1 ? 30 : m.mark.length <= 3 ? 19 : 15;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48"><rect width="48" height="48" rx="12" fill="${m.colour}"/><circle cx="40" cy="8" r="14" fill="#ffffff" opacity="0.12"/><text x="24" y="24" dominant-baseline="central" text-anchor="middle" font-family="sans-serif" font-size="${size}" font-weight="700" fill="${m.ink}">${escapeHtml(m.mark)}</text></svg>`;
}

const ZParams = z.object({ file: text().max(24) });

/** GET /assets/banks/<code>.svg (`bankLogoPath`): the listed banks' marks, drawn at start and served from memory; an unknown bank is NOT_FOUND. */
export function registerBankLogoRoutes(app: FastifyInstance): void {
  const files = new Map(Object.entries(MARKS).map(([code, m]) => [`${code}.svg`, markSvg(m)]));
  app.get('/assets/banks/:file', { schema: { hide: true, params: ZParams } }, async (request, reply) => {
    const svg = files.get((request.params as z.infer<typeof ZParams>).file);
    if (!svg) throw new AppError('NOT_FOUND');
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });
}
