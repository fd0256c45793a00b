import type { ColumnType, Generated } from 'kysely';
import type { BreakKind } from './accounts.ts';

type At = ColumnType<Date, Date, Date>;
type MaybeAt = ColumnType<Date | null, Date | null | undefined, Date | null>;

export type LimitKind = 'deposit' | 'loss' | 'wager';
export type LimitPeriod = 'day' | 'week' | 'month';
/** The limits a transfer into a game is held to (loss and wager; a deposit limit holds deposits). */
export const MONEY_LIMIT_KINDS: readonly LimitKind[] = ['loss', 'wager'];

export type PlayLimitsTable = {
  member_id: string;
  kind: LimitKind;
  period: LimitPeriod;
  /** The limit in force, minor units (a row whose limit is removed is deleted). */
  amount: bigint;
  /** A raise (or, with pending_removal, a removal) waiting for its cooling period and the member's confirmation. */
  pending_amount: bigint | null;
  pending_removal: Generated<boolean>;
  pending_due_at: MaybeAt;
  updated_at: At;
};

export type LimitChangeAction = 'set' | 'lowered' | 'raise-requested' | 'raised' | 'raise-cancelled' | 'removal-requested' | 'removed';

export type PlayLimitChangesTable = {
  id: string;
  member_id: string;
  kind: LimitKind;
  period: LimitPeriod;
  action: LimitChangeAction;
  amount_before: bigint | null;
  amount_after: bigint | null;
  at: At;
};

export type PlayLimitHitsTable = { id: string; member_id: string; kind: LimitKind; period: LimitPeriod; amount: bigint; at: At };

export type PlayBreaksTable = {
  id: string;
  member_id: string;
  kind: BreakKind;
  starts_at: Date;
  /** Null: a permanent self-exclusion. */
  ends_at: Date | null;
  ended_early_at: MaybeAt;
  ended_by: string | null;
  end_reason: string | null;
};

export type HoldReason = 'DEPOSIT_LIMIT' | 'ON_BREAK';

export type CareHoldsTable = {
  id: string;
  member_id: string;
  currency: 'THB' | 'LAK';
  amount: bigint;
  entry_kind: string;
  reference: string;
  reason: HoldReason;
  status: 'held' | 'released';
  held_at: Date;
  released_at: MaybeAt;
  released_by: string | null;
};

export type CareDepositsTable = { entry_id: bigint; member_id: string; amount: bigint; at: At };

/** A member's play session for reality checks (docs/player-care.md, "Reality checks"). */
export type PlaySessionsTable = {
  member_id: string;
  started_at: Date;
  last_play_at: Date;
  last_check_at: Date;
  /** The member's game balances (ledger) at the last check: the net result is counted from there. */
  games_at_check: bigint;
};
