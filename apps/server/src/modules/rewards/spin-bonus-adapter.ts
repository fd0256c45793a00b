import type { SpinBonusPort } from '../spin/bonus-port.ts';
import { hasUnmetBonus, startBonusFromCoupon } from './reward-port.ts';

/**
 * The rewards module as the spin wheel's bonus port (docs/spin.md, "Coupons"):
 * a bonus coupon starts a bonus inside the claim's transaction, once per
 * coupon, and a credit coupon waits while a bonus's turnover is unmet.
 */
export const rewardsSpinBonuses: SpinBonusPort = {
  available: true,
  hasUnmetTurnover: (trx, memberId) => hasUnmetBonus(trx, memberId),
  startCouponBonus: async (trx, coupon) => {
    await startBonusFromCoupon(trx, coupon);
  },
};
