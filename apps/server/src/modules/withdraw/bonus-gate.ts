import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * A member with an active bonus whose turnover is not met may not withdraw
 * (BONUS_REMAINING, docs/withdrawals.md, "Limits"); once it is met, only the
 * whole wallet, and the bonus ends with that withdrawal (docs/rewards.md,
 * "Withdrawing with a bonus"). The rewards module supplies the real gate.
 */
export interface BonusGate {
  activeBonusBlocksWithdrawal(memberId: string, amount: bigint): Promise<boolean>;
  /** Inside the withdrawal's transaction, after the hold: ends a met bonus (BONUS_REMAINING if it is not met). */
  finishOnWithdrawal(trx: Kysely<DB>, memberId: string): Promise<void>;
}

/** For wiring without rewards (tests of other modules): nobody has a bonus. */
export const noBonuses: BonusGate = {
  activeBonusBlocksWithdrawal: () => Promise.resolve(false),
  finishOnWithdrawal: () => Promise.resolve(),
};
