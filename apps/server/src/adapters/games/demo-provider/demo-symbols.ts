import type { SlotSymbol } from './demo-games.ts';

/**
 * The slot symbols, drawn as small SVGs (served under /sandbox/games/static/)
 * rather than emoji, which many machines cannot render.
 */
const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${body}</svg>`;

export const SLOT_SYMBOL_SVGS: Record<SlotSymbol, string> = {
  cherry: svg(
    '<path d="M22 40q6-22 24-30M42 44q-2-20 4-34" stroke="#15803d" stroke-width="4" fill="none" stroke-linecap="round"/>' +
      '<path d="M46 10q8 2 10 10q-10 0-10-10z" fill="#22c55e"/><circle cx="20" cy="44" r="12" fill="#e11d48"/>' +
      '<circle cx="42" cy="48" r="12" fill="#be123c"/><circle cx="16" cy="40" r="3" fill="#fff" opacity=".6"/>',
  ),
  lemon: svg(
    '<ellipse cx="32" cy="34" rx="24" ry="17" fill="#facc15" transform="rotate(-20 32 34)"/><ellipse cx="24" cy="28" rx="6" ry="3" fill="#fff" opacity=".5" transform="rotate(-20 24 28)"/>',
  ),
  bell: svg(
    '<path d="M32 8c-12 0-18 10-18 22v10l-6 8h48l-6-8V30c0-12-6-22-18-22z" fill="#f59e0b"/>' +
      '<circle cx="32" cy="52" r="6" fill="#b45309"/><path d="M22 22q4-8 10-8" stroke="#fff" stroke-width="3" fill="none" opacity=".6"/>',
  ),
  star: svg(
    '<path d="M32 6l7.6 16.4 17.9 2.1-13.2 12.3 3.5 17.7L32 45.6l-15.8 8.9 3.5-17.7L6.5 24.5l17.9-2.1z" fill="#fbbf24" stroke="#b45309" stroke-width="2"/>',
  ),
  seven: svg('<path d="M14 10h36v8L30 56H19l20-36H14z" fill="#e11d48" stroke="#7f1d1d" stroke-width="2" stroke-linejoin="round"/>'),
};
