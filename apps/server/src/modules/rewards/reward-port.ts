import type { Kysely } from 'kysely';
import { DAY_MS } from '@jetton/contract/site-time';
import type { DB } from '../../db/schema.ts';
import { activeBonusOf, grantBonus, lockMember, turnoverMet } from './bonus-lifecycle.ts';
import { createMemberBonusRepository } from './member-bonus-repository.ts';

/**
 * What other modules may call (docs/rewards.md, "For other modules"): the spin
 * wheel's bonus coupon starts a bonus here, and its credit coupon asks whether
 * an unmet bonus is in the way. Both run in the caller's transaction.
 */

const ALL_CATEGORIES = { slot: 100, sport: 100, lotto: 100 };

export type CouponBonus = {
  memberId: string;
  couponId: string;
  /** The bonus credited to the wallet, minor units. */
  credit: bigint;
  now: Date;
  /** Turnover target = credit x this (default 1). */
  turnoverMultiplier?: number;
  /** Percent of the credit kept on an early cancel (default 0). */
  percentFail?: number;
  /** Days before it ends as a cancel would (default 7). */
  expiryDays?: number;
};

/**
 * Starts a bonus of origin spin from a coupon, crediting expense:spin ->
 * wallet. Refused with AppError BONUS_ALREADY_ACTIVE while any bonus is
 * active. The same coupon grants once: a second call answers created: false.
 */
export async function startBonusFromCoupon(trx: Kysely<DB>, input: CouponBonus): Promise<{ bonusId: string; created: boolean }> {
  const member = await lockMember(trx, input.memberId);
  const before = await createMemberBonusRepository(trx).bySpinCoupon(input.couponId);
  if (before) return { bonusId: before.id, created: false };
  const bonus = await grantBonus(trx, {
    memberId: input.memberId,
    currency: member.currency,
    origin: 'spin',
    definitionId: null,
    code: 'SPIN',
    base: input.credit,
    credit: input.credit,
    target: input.credit * BigInt(input.turnoverMultiplier ?? 1),
    percentFail: input.percentFail ?? 0,
    percentSuccess: 100,
    weights: ALL_CATEGORIES,
    expiresAt: new Date(input.now.getTime() + (input.expiryDays ?? 7) * DAY_MS),
    sourceRef: input.couponId,
    now: input.now,
  });
  return { bonusId: bonus.id, created: true };
}

/** An active bonus whose turnover is not met (a credit coupon is refused BONUS_REMAINING then). */
export async function hasUnmetBonus(db: Kysely<DB>, memberId: string): Promise<boolean> {
  const active = await activeBonusOf(db, memberId);
  return active !== undefined && !turnoverMet(active);
}
