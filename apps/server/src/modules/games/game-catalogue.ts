import type { GameCategory, GameCode } from '@jetton/contract/constants';

/**
 * The game catalogue seeded on first start (docs/games.md, "The catalogue"). Display
 * names and artwork are this project's own; operators edit the `games` table.
 * `art` drives the generated SVG logo and background (game-art.ts).
 */
export type CatalogueGame = {
  code: GameCode;
  name: string;
  category: GameCategory;
  /** Card factor: the card shows balance x ftWalletSlot. */
  ftWalletSlot: number;
  /** link: a short-lived launch token in a URL; form: credentials posted to the provider's login page. */
  launchMode: 'link' | 'form';
  /** Provider-side username = prefix + member number. */
  playerPrefix: string;
  art: { from: string; to: string; accent: string; mark: string };
};

export const GAME_CATALOGUE: readonly CatalogueGame[] = [
  {
    code: 'pg',
    name: 'Pagoda Gold',
    category: 'slot',
    ftWalletSlot: 1,
    launchMode: 'link',
    playerPrefix: 'jpg',
    art: { from: '#7a1f3d', to: '#e0a82e', accent: '#ffe08a', mark: 'PG' },
  },
  {
    code: 'pgslot',
    name: 'Pagoda Spin',
    category: 'slot',
    ftWalletSlot: 1,
    launchMode: 'link',
    playerPrefix: 'jps',
    art: { from: '#3b1e6d', to: '#c2417a', accent: '#ffd1e8', mark: 'PS' },
  },
  {
    code: 'joker2',
    name: 'Jester Two',
    category: 'slot',
    ftWalletSlot: 10,
    launchMode: 'form',
    playerPrefix: 'jj2',
    art: { from: '#14532d', to: '#a3d977', accent: '#f4ffd6', mark: 'J2' },
  },
  {
    code: 'slotracha',
    name: 'Racha Reels',
    category: 'slot',
    ftWalletSlot: 1,
    launchMode: 'link',
    playerPrefix: 'jsr',
    art: { from: '#5b2c06', to: '#f59e0b', accent: '#fff4cc', mark: 'RR' },
  },
  {
    code: 'areaslot',
    name: 'Area Spin',
    category: 'slot',
    ftWalletSlot: 1,
    launchMode: 'link',
    playerPrefix: 'jas',
    art: { from: '#0c4a6e', to: '#38bdf8', accent: '#e0f7ff', mark: 'AS' },
  },
  {
    code: 'circus',
    name: 'Circus Reels',
    category: 'slot',
    ftWalletSlot: 1,
    launchMode: 'link',
    playerPrefix: 'jci',
    art: { from: '#7f1d1d', to: '#f97316', accent: '#fff1e0', mark: 'CR' },
  },
  {
    code: 'imi',
    name: 'Imi Lanterns',
    category: 'slot',
    ftWalletSlot: 1,
    launchMode: 'link',
    playerPrefix: 'jim',
    art: { from: '#4c0519', to: '#fb7185', accent: '#ffe4e6', mark: 'IL' },
  },
  {
    code: 'betflix',
    name: 'Bet Field',
    category: 'sport',
    ftWalletSlot: 1,
    launchMode: 'link',
    playerPrefix: 'jbf',
    art: { from: '#052e16', to: '#22c55e', accent: '#dcfce7', mark: 'BF' },
  },
  {
    code: 'askmebet',
    name: 'Ask Me Arena',
    category: 'sport',
    ftWalletSlot: 1,
    launchMode: 'form',
    playerPrefix: 'jam',
    art: { from: '#1e1b4b', to: '#6366f1', accent: '#e0e7ff', mark: 'AA' },
  },
  {
    code: 'usun',
    name: 'U-Sun Stadium',
    category: 'sport',
    ftWalletSlot: 1,
    launchMode: 'link',
    playerPrefix: 'jus',
    art: { from: '#713f12', to: '#facc15', accent: '#fefce8', mark: 'US' },
  },
  {
    code: 'huayhd',
    name: 'Huay Lucky Draw',
    category: 'lotto',
    ftWalletSlot: 1,
    launchMode: 'link',
    playerPrefix: 'jhh',
    art: { from: '#134e4a', to: '#2dd4bf', accent: '#ccfbf1', mark: 'HD' },
  },
];

/** Where the card artwork is served (game-art-routes.ts). */
export const gameArtPath = (code: string, kind: 'logo' | 'bg') => `/assets/games/${code}-${kind}.svg`;

/** The demo provider's own pages; a real provider's links replace these in the games table. */
export const demoLaunchPaths = (code: string) => ({
  web: `/sandbox/games/${code}`,
  android: `/sandbox/games/${code}?platform=android`,
  ios: `/sandbox/games/${code}?platform=ios`,
});
