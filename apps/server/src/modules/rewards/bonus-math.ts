import { siteDay, siteDayStart, siteWeekStart } from '@jetton/contract/site-time';
import type { BonusWindowType, CategoryWeights } from '../../db/tables/rewards.ts';

/**
 * The arithmetic of bonuses, refunds and invites (docs/rewards.md, "Bonus
 * arithmetic"), in integer minor units. Percentages are whole numbers; every
 * division rounds down, in the site's favour by at most one minor unit.
 */

/** Credit = min(base x percent, maxBonus). */
export function bonusCredit(base: bigint, percent: number, maxBonus: bigint): bigint {
  const credit = (base * BigInt(percent)) / 100n;
  return credit < maxBonus ? credit : maxBonus;
}

/** Turnover target = (base + credit) x multiplier. */
export function turnoverTarget(base: bigint, credit: bigint, multiplier: number): bigint {
  return (base + credit) * BigInt(multiplier);
}

/** What a bet adds to the turnover: its category's weight in percent (a category without one counts fully). */
export function weightedBet(bet: bigint, category: string, weights: CategoryWeights): bigint {
  const weight = (weights as Record<string, number | undefined>)[category] ?? 100;
  return (bet * BigInt(weight)) / 100n;
}

/**
 * What an ending takes back from the wallet: the credit minus the part kept
 * (`keepPercent`), never more than the wallet holds.
 */
export function takeBack(credit: bigint, keepPercent: number, wallet: bigint): bigint {
  const owed = credit - (credit * BigInt(keepPercent)) / 100n;
  const capped = owed < wallet ? owed : wallet;
  return capped > 0n ? capped : 0n;
}

/** Part per 10,000 of an amount (invite 100 = 1 %, refund 500 = 5 %), rounded down. */
export function basisPoints(amount: bigint, bp: number): bigint {
  return amount > 0n ? (amount * BigInt(bp)) / 10_000n : 0n;
}

/**
 * Since when receipts count toward `maxReceived`: ever for 'limit', the site
 * calendar day for 'day', the Monday-to-Sunday week for 'week'.
 */
export function windowStart(type: BonusWindowType, now: Date): Date {
  switch (type) {
    case 'limit':
      return new Date(0);
    case 'day':
      return siteDayStart(siteDay(now));
    case 'week':
      return siteWeekStart(now);
  }
}
