import type { ColumnType } from 'kysely';

/** Reports' storage (migration 0035, docs/reports.md). */
type At = ColumnType<Date, Date, Date>;
/** A `date` column: read as 'YYYY-MM-DD' text (the report SQL casts it). */
type Day = ColumnType<string, string, string>;

export type GameRoundsTable = {
  game_code: string;
  round_id: string;
  username: string;
  member_id: string | null;
  currency: string;
  bet: bigint;
  payout: bigint;
  played_at: At;
};

export type ReportRoundCursorsTable = { game_code: string; since: At };

/** Written by a trigger on postings, never by the app. */
export type MemberFirstDepositsTable = { member_id: string; currency: string; entry_id: bigint; amount: bigint; first_at: At };

export type ReportDaysTable = { day: Day; rolled_at: At };

export type ReportLedgerDailyTable = {
  day: Day;
  currency: string;
  entry_kind: string;
  account_kind: string;
  account_code: string;
  debits: bigint;
  credits: bigint;
  postings: bigint;
};

export type ReportGameDailyTable = {
  day: Day;
  currency: string;
  game_code: string;
  rounds: bigint;
  bets: bigint;
  payouts: bigint;
  players: bigint;
};

export type ReportMemberDailyTable = { day: Day; currency: string; registrations: bigint; first_deposits: bigint; active_players: bigint };
