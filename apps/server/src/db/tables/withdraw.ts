import type { ColumnType, Generated } from 'kysely';

/** Written by the services from the injected Clock (tests move time). */
type At = ColumnType<Date, Date, Date>;

/**
 * review: waits for an operator; approved: queued for the payout job; paying:
 * sent to the payout API, outcome not known yet; success / failed / rejected: final.
 */
export type WithdrawalStatus = 'review' | 'approved' | 'paying' | 'success' | 'failed' | 'rejected';

export type WithdrawalReviewReason = 'ABOVE_AUTO_LIMIT' | 'BANK_CHANGED' | 'BLACKLISTED';

export type WithdrawalsTable = {
  id: string;
  member_id: string;
  currency: 'THB' | 'LAK';
  amount: bigint;
  bank_code: string;
  bank_account_no: string;
  bank_account_name: string;
  status: WithdrawalStatus;
  hold_entry_id: bigint;
  note: string | null;
  /** Why it waits for an operator (docs/security.md); null when it never waited. */
  review_reason: ColumnType<WithdrawalReviewReason | null, WithdrawalReviewReason | null | undefined, WithdrawalReviewReason | null>;
  attempts: Generated<number>;
  next_attempt_at: Date | null;
  created_at: At;
  updated_at: At;
  /** 0032 (docs/money-desk.md): the operator who approved or rejected it, and the rejection's reason. */
  decided_by: ColumnType<string | null, string | null | undefined, string | null>;
  decision_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0032: when the payout's outcome at the bank first became unknown (held), and when it became a finding. */
  unknown_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
  held_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};
