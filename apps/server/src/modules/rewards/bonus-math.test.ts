import { describe, expect, it } from 'vitest';
import { previousSiteDay, siteDay } from '@jetton/contract/site-time';
import { basisPoints, bonusCredit, takeBack, turnoverTarget, weightedBet, windowStart } from './bonus-math.ts';

describe('bonus arithmetic', () => {
  it('credits percent of the base up to maxBonus, and sets the target on base plus credit', () => {
    expect(bonusCredit(50_000n, 100, 100_000n)).toBe(50_000n);
    expect(bonusCredit(500_000n, 100, 100_000n)).toBe(100_000n);
    expect(bonusCredit(33_333n, 10, 100_000n)).toBe(3_333n);
    expect(turnoverTarget(50_000n, 50_000n, 5)).toBe(500_000n);
  });

  it('weights a bet by its category, and counts an unknown category fully', () => {
    expect(weightedBet(1_000n, 'sport', { slot: 100, sport: 50, lotto: 0 })).toBe(500n);
    expect(weightedBet(1_000n, 'lotto', { slot: 100, sport: 50, lotto: 0 })).toBe(0n);
    expect(weightedBet(1_000n, 'other', { slot: 100, sport: 50, lotto: 0 })).toBe(1_000n);
  });

  it('takes back the credit minus the kept percent, capped at the wallet', () => {
    expect(takeBack(10_000n, 20, 100_000n)).toBe(8_000n);
    expect(takeBack(10_000n, 20, 3_000n)).toBe(3_000n);
    expect(takeBack(10_000n, 100, 100_000n)).toBe(0n);
    expect(takeBack(10_000n, 0, 0n)).toBe(0n);
  });

  it('computes parts per ten thousand, nothing of a gain', () => {
    expect(basisPoints(12_345n, 500)).toBe(617n);
    expect(basisPoints(-100n, 500)).toBe(0n);
  });

  it('counts site days and weeks in Asia/Bangkok', () => {
    // 2026-11-22 is a Sunday; 17:30 UTC is 00:30 on Monday the 23rd in Bangkok.
    const sundayNightUtc = new Date('2026-11-22T16:59:59Z');
    const mondayBangkok = new Date('2026-11-22T17:00:00Z');
    expect(siteDay(sundayNightUtc)).toBe('2026-11-22');
    expect(siteDay(mondayBangkok)).toBe('2026-11-23');
    expect(previousSiteDay(mondayBangkok)).toBe('2026-11-22');
    expect(windowStart('week', sundayNightUtc).toISOString()).toBe('2026-11-15T17:00:00.000Z');
    expect(windowStart('week', mondayBangkok).toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(windowStart('day', sundayNightUtc).toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(windowStart('limit', mondayBangkok).getTime()).toBe(0);
  });
});
