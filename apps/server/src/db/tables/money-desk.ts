import type { ColumnType } from 'kysely';

/** Written by the services from the injected Clock (tests move time). */
type At = ColumnType<Date, Date, Date>;

/** Migration 0032 (docs/money-desk.md, "Four eyes"): a maker's proposal to approve a withdrawal. */
export type WithdrawalApprovalsTable = {
  id: string;
  withdrawal_id: string;
  proposed_by: string;
  proposed_at: At;
  status: 'pending' | 'confirmed' | 'cancelled';
  decided_by: string | null;
  decided_at: Date | null;
};

export type AdjustmentDirection = 'credit' | 'debit';
/** Why a credit waits for a second operator: its own amount, or the day's total (docs/money-desk.md, "Four eyes"). */
export type FourEyesReason = 'AMOUNT' | 'DAY_TOTAL';
export type AdjustmentStatus = 'pending' | 'posted' | 'rejected';

/** Migration 0032 (docs/money-desk.md, "Manual adjustments"). */
export type AdjustmentsTable = {
  id: string;
  member_id: string;
  currency: 'THB' | 'LAK';
  direction: AdjustmentDirection;
  amount: bigint;
  reason: string;
  status: AdjustmentStatus;
  proposed_by: string;
  proposed_at: At;
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
  four_eyes: boolean;
  entry_id: bigint | null;
  /** Migration 0038: why a second operator must confirm (null: one operator posts it). */
  four_eyes_reason: FourEyesReason | null;
};
