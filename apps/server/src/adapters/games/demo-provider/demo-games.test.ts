import { describe, expect, it } from 'vitest';
import { BET_LIMITS, playLotto, playSlot, playSport, slotPayout, type Random } from './demo-games.ts';

/** A random source that answers the given rolls in turn. */
const rolls = (...values: number[]): Random => {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
};

describe('demo games', () => {
  it('pays the slot table: three of a kind, two cherries, nothing else', () => {
    expect(slotPayout(100n, ['seven', 'seven', 'seven'])).toBe(10_000n);
    expect(slotPayout(100n, ['cherry', 'cherry', 'cherry'])).toBe(500n);
    expect(slotPayout(100n, ['cherry', 'bell', 'cherry'])).toBe(100n);
    expect(slotPayout(100n, ['cherry', 'bell', 'star'])).toBe(0n);
  });

  it('draws slot reels from the weights (roll 95 is a seven, roll 0 a cherry)', () => {
    expect(playSlot(200n, rolls(95)).detail).toEqual({ reels: ['seven', 'seven', 'seven'] });
    expect(playSlot(200n, rolls(95)).payout).toBe(20_000n);
    expect(playSlot(200n, rolls(0, 40, 0)).payout).toBe(200n);
  });

  it('keeps the slot return to player below 100%', () => {
    // Exact expectation over all 100^3 equally likely rolls.
    let paid = 0n;
    const bet = 100n;
    for (let a = 0; a < 100; a++) for (let b = 0; b < 100; b++) for (let c = 0; c < 100; c++) paid += playSlot(bet, rolls(a, b, c)).payout;
    const rtp = Number((paid * 10_000n) / (bet * 1_000_000n)) / 100;
    expect(rtp).toBeGreaterThan(85);
    expect(rtp).toBeLessThan(100);
  });

  it('pays a right sport pick 1.90x in integers, and a draw loses both picks', () => {
    expect(playSport(1_001n, 'home', rolls(10, 1, 1)).payout).toBe(1_901n);
    expect(playSport(1_000n, 'away', rolls(10, 1, 1)).payout).toBe(0n);
    const draw = playSport(1_000n, 'home', rolls(95, 2));
    expect(draw.payout).toBe(0n);
    expect(draw.detail).toMatchObject({ result: 'draw', score: [2, 2] });
  });

  it('pays an exact lotto number 90x', () => {
    expect(playLotto(100n, '07', rolls(7))).toEqual({ payout: 9_000n, detail: { pick: '07', drawn: '07' } });
    expect(playLotto(100n, '07', rolls(70)).payout).toBe(0n);
  });

  it('bets at least 1.00', () => {
    expect(BET_LIMITS.min).toBe(100n);
  });
});
