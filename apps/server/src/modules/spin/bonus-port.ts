import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * What the spin wheel needs of bonuses (docs/spin.md, "Coupons"): whether a
 * member's active bonus still has turnover to meet (a credit coupon waits,
 * BONUS_REMAINING), and starting a bonus from a bonus coupon. The bonus module
 * supplies it when the app is built; every call gets the claim's transaction,
 * so a coupon is marked claimed only together with the bonus it started.
 */
export interface SpinBonusPort {
  /** True while the member has an active bonus whose turnover is not met. */
  hasUnmetTurnover(trx: Kysely<DB>, memberId: string): Promise<boolean>;
  /** Whether `bonusCode` names a bonus a coupon may start (checked when an operator saves a wheel). */
  bonusExists(trx: Kysely<DB>, bonusCode: string): Promise<boolean>;
  /**
   * Starts bonus `bonusCode` for the member from coupon `couponId`, inside `trx`.
   * Refuses by throwing AppError: BONUS_ALREADY_ACTIVE, INVALID_PRIZE_CODE (the
   * bonus no longer exists), or the bonus module's own codes.
   */
  startCouponBonus(trx: Kysely<DB>, input: { memberId: string; bonusCode: string; couponId: string; now: Date }): Promise<void>;
}

/**
 * Until the bonus module is wired in: no member has a bonus, no bonus code
 * exists (so a wheel cannot offer one), and a bonus coupon, which cannot exist
 * then, is refused with INVALID_COUPON_TYPE rather than pretending to start a bonus.
 */
export const noBonusPort: SpinBonusPort = {
  hasUnmetTurnover: () => Promise.resolve(false),
  bonusExists: () => Promise.resolve(false),
  startCouponBonus: () => Promise.reject(new AppError('INVALID_COUPON_TYPE')),
};
