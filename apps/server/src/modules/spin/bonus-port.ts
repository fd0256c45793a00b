import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

/** A bonus coupon's terms, handed to the bonus module. */
export type CouponBonus = {
  memberId: string;
  couponId: string;
  /** The bonus credited to the wallet, minor units. */
  credit: bigint;
  /** Turnover target = credit x this. */
  turnoverMultiplier: number;
  /** Percent of the credit kept on an early cancel. */
  percentFail: number;
  now: Date;
};

/**
 * What the spin wheel needs of bonuses (docs/spin.md, "Coupons"): whether a
 * member's active bonus still has turnover to meet (a credit coupon waits,
 * BONUS_REMAINING), and starting a bonus from a bonus coupon. The bonus module
 * supplies it when the app is built (`buildApp({ spinBonuses })`); every call
 * gets the claim's transaction, so a coupon is marked claimed only together
 * with the bonus it started.
 */
export interface SpinBonusPort {
  /** False until the bonus module is wired: bonus prizes cannot be saved, bonus coupons are refused. */
  readonly available: boolean;
  /** True while the member has an active bonus whose turnover is not met. */
  hasUnmetTurnover(trx: Kysely<DB>, memberId: string): Promise<boolean>;
  /**
   * Starts the coupon's bonus inside `trx` (once per coupon). Refuses by
   * throwing AppError, e.g. BONUS_ALREADY_ACTIVE while another bonus runs.
   */
  startCouponBonus(trx: Kysely<DB>, input: CouponBonus): Promise<void>;
}

/**
 * Until the bonus module is wired in: no member has a bonus, a wheel with a
 * bonus prize cannot be saved (INVALID_PRIZE_CODE), and a bonus coupon, which
 * cannot arise then, is refused with INVALID_COUPON_TYPE rather than being
 * marked claimed without a bonus.
 */
export const noBonusPort: SpinBonusPort = {
  available: false,
  hasUnmetTurnover: () => Promise.resolve(false),
  startCouponBonus: () => Promise.reject(new AppError('INVALID_COUPON_TYPE')),
};
