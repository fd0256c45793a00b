import { randomInt } from 'node:crypto';

/**
 * The three demo games' rules, pure apart from the random source (crypto by
 * default; tests pass their own). Payouts are integer minor units: bet x
 * multiplier, never a float. Each game keeps the house a small edge.
 */
export type Random = (maxExclusive: number) => number;
export const cryptoRandom: Random = (max) => randomInt(max);

export const BET_LIMITS = { min: 100n, max: 10_000_000n } as const;

export type RoundOutcome = { payout: bigint; detail: Record<string, unknown> };

// ---- slot: three reels, weighted symbols ----
export const SLOT_SYMBOLS = ['cherry', 'lemon', 'bell', 'star', 'seven'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];
const SLOT_WEIGHTS: Record<SlotSymbol, number> = { cherry: 30, lemon: 25, bell: 20, star: 15, seven: 10 };
/** Three of a kind pays bet x this. */
export const SLOT_TRIPLE_PAYS: Record<SlotSymbol, bigint> = { cherry: 5n, lemon: 10n, bell: 20n, star: 50n, seven: 100n };
/** Exactly two cherries return the bet. Return to player of this table: about 91%. */
export const SLOT_TWO_CHERRIES_PAYS = 1n;

function drawSymbol(random: Random): SlotSymbol {
  let roll = random(100);
  for (const symbol of SLOT_SYMBOLS) {
    roll -= SLOT_WEIGHTS[symbol];
    if (roll < 0) return symbol;
  }
  return 'cherry';
}

export function slotPayout(bet: bigint, reels: readonly SlotSymbol[]): bigint {
  const [a, b, c] = reels;
  if (a && a === b && b === c) return bet * SLOT_TRIPLE_PAYS[a];
  if (reels.filter((s) => s === 'cherry').length === 2) return bet * SLOT_TWO_CHERRIES_PAYS;
  return 0n;
}

export function playSlot(bet: bigint, random: Random = cryptoRandom): RoundOutcome {
  const reels = [drawSymbol(random), drawSymbol(random), drawSymbol(random)];
  return { payout: slotPayout(bet, reels), detail: { reels } };
}

// ---- sport: pick the winner of a match; a draw loses ----
export const SPORT_TEAMS = { home: 'Mekong Tigers', away: 'Chao Phraya Elephants' } as const;
export type SportPick = keyof typeof SPORT_TEAMS;
/** A winning pick pays bet x 19 / 10 (odds 1.90); home 45%, away 45%, draw 10%. */
export function playSport(bet: bigint, pick: SportPick, random: Random = cryptoRandom): RoundOutcome {
  const roll = random(100);
  const result = roll < 45 ? 'home' : roll < 90 ? 'away' : 'draw';
  const score = sportScore(result, random);
  return { payout: result === pick ? (bet * 19n) / 10n : 0n, detail: { pick, result, score, teams: SPORT_TEAMS } };
}

function sportScore(result: 'home' | 'away' | 'draw', random: Random): [number, number] {
  const low = random(3);
  const high = low + 1 + random(3);
  if (result === 'draw') return [low, low];
  return result === 'home' ? [high, low] : [low, high];
}

// ---- lotto: pick two digits; the exact number pays 90x ----
export const LOTTO_PAYS = 90n;

export function playLotto(bet: bigint, pick: string, random: Random = cryptoRandom): RoundOutcome {
  const drawn = random(100).toString().padStart(2, '0');
  return { payout: drawn === pick ? bet * LOTTO_PAYS : 0n, detail: { pick, drawn } };
}
