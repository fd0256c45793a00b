/**
 * A member with an active bonus whose turnover is not met may not withdraw
 * (BONUS_REMAINING, docs/withdrawals.md, "Limits"). Bonuses are not built yet;
 * until then no member has one, so the gate never blocks. The bonus module will supply a real
 * implementation (reading the member's active bonus and its turnover progress).
 */
export interface BonusGate {
  activeBonusBlocksWithdrawal(memberId: string): Promise<boolean>;
}

export const noBonusesYet: BonusGate = {
  activeBonusBlocksWithdrawal: () => Promise.resolve(false),
};
