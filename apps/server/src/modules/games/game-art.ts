import { escapeHtml as esc } from '../../http/html.ts';
import type { CatalogueGame } from './game-catalogue.ts';

/**
 * Card artwork drawn for this project: every logo and background is composed
 * here from the game's palette, its mark and a motif for its category (reels,
 * a ball and pitch, numbered balls). No provider's brand is copied.
 */
type Art = CatalogueGame['art'];

/** A small deterministic generator, so a game's background is the same on every start. */
function seeded(text: string): () => number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507) ^ Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h >>>= 0) % 10_000) / 10_000;
  };
}

function gradient(id: string, art: Art, vertical = false): string {
  const [x2, y2] = vertical ? ['0', '1'] : ['1', '1'];
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient>`;
}

/** One motif glyph centred on (0,0), about 60 units across. */
function motif(category: CatalogueGame['category'], art: Art, variant: number): string {
  if (category === 'sport') {
    return (
      `<circle r="28" fill="${art.accent}"/><path d="M0-11l10 7-4 12h-12l-4-12z" fill="${art.from}"/>` +
      `<path d="M0-11v-17M10-4l16-6M6 8l10 14M-6 8l-10 14M-10-4l-16-6" stroke="${art.from}" stroke-width="3" fill="none"/>`
    );
  }
  if (category === 'lotto') {
    return [-22, 0, 22]
      .map(
        (x, i) =>
          `<circle cx="${x}" cy="${i === 1 ? -6 : 6}" r="12" fill="${art.accent}" stroke="${art.from}" stroke-width="2"/>` +
          `<text x="${x}" y="${i === 1 ? -1 : 11}" font-size="12" font-weight="700" text-anchor="middle" fill="${art.from}" font-family="sans-serif">${(variant * 7 + i * 13) % 100}</text>`,
      )
      .join('');
  }
  const symbols = [
    `<circle cx="-5" cy="6" r="6" fill="#e11d48"/><circle cx="6" cy="8" r="6" fill="#e11d48"/><path d="M-4 0q4-14 12-16M6 2q0-10 2-18" stroke="#15803d" stroke-width="2.5" fill="none"/>`,
    `<text y="11" font-size="30" font-weight="900" text-anchor="middle" fill="#e11d48" font-family="sans-serif">7</text>`,
    `<path d="M0-14l4 9 10 1-7 7 2 10-9-5-9 5 2-10-7-7 10-1z" fill="#f59e0b"/>`,
  ];
  return [-22, 0, 22]
    .map(
      (x, i) =>
        `<g transform="translate(${x} 0)"><rect x="-10" y="-20" width="20" height="40" rx="5" fill="${art.accent}"/>` +
        `<g transform="scale(0.55)">${symbols[(variant + i) % symbols.length] ?? ''}</g></g>`,
    )
    .join('');
}

export function gameLogoSvg(game: CatalogueGame): string {
  const { art } = game;
  const variant = Math.floor(seeded(game.code)() * 3);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" role="img" aria-label="${esc(game.name)}">` +
    `<defs>${gradient('g', art)}</defs>` +
    `<rect width="200" height="200" rx="40" fill="url(#g)"/>` +
    `<circle cx="100" cy="100" r="78" fill="none" stroke="${art.accent}" stroke-opacity="0.35" stroke-width="6"/>` +
    `<g transform="translate(100 74) scale(1.25)" opacity="0.95">${motif(game.category, art, variant)}</g>` +
    `<text x="100" y="158" font-size="40" font-weight="900" letter-spacing="2" text-anchor="middle" fill="${art.accent}" font-family="sans-serif">${esc(art.mark)}</text>` +
    `</svg>`
  );
}

export function gameBackgroundSvg(game: CatalogueGame): string {
  const { art } = game;
  const random = seeded(`${game.code}:bg`);
  const rays = Array.from({ length: 7 }, (_, i) => {
    const a = -60 + i * 20 + random() * 8;
    return `<polygon points="320,380 ${320 + 700 * Math.sin((a * Math.PI) / 180)},${380 - 700 * Math.cos((a * Math.PI) / 180)} ${320 + 700 * Math.sin(((a + 7) * Math.PI) / 180)},${380 - 700 * Math.cos(((a + 7) * Math.PI) / 180)}" fill="${art.accent}" opacity="0.07"/>`;
  }).join('');
  const scatter = Array.from({ length: 9 }, (_, i) => {
    const x = Math.round(40 + random() * 560);
    const y = Math.round(30 + random() * 260);
    const s = (0.5 + random() * 0.9).toFixed(2);
    return `<g transform="translate(${x} ${y}) scale(${s}) rotate(${Math.round(random() * 40 - 20)})" opacity="0.22">${motif(game.category, art, i)}</g>`;
  }).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" preserveAspectRatio="xMidYMid slice" role="img" aria-label="${esc(game.name)}">` +
    `<defs>${gradient('bg', art, true)}<radialGradient id="v" cx="0.5" cy="0.35" r="0.8"><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient></defs>` +
    `<rect width="640" height="360" fill="url(#bg)"/>${rays}${scatter}<rect width="640" height="360" fill="url(#v)"/>` +
    `</svg>`
  );
}
