import type { ColumnType, Generated } from 'kysely';

/** Written by the services from the injected Clock (tests move time). */
type At = ColumnType<Date, Date, Date>;

export type MemberStatus = 'active' | 'inactive';
export type MemberCurrency = 'THB' | 'LAK';

/** A member's break from play (docs/player-care.md). */
export type BreakKind = 'cool-off' | 'self-exclusion';

export type MembersTable = {
  id: string;
  /** BIGINT identity behind the invite code PR<member_no>; never written by us. */
  member_no: ColumnType<bigint, never, never>;
  name: string;
  phone: string;
  password_hash: string;
  currency: MemberCurrency;
  bank_code: string;
  bank_account_name: string;
  bank_account_no: string;
  source_code: string | null;
  invited_by: string | null;
  status: Generated<MemberStatus>;
  coin: Generated<number>;
  /** Set by an operator's password reset; cleared when the member changes it (0017). */
  must_change_password: Generated<boolean>;
  /** When the bank or account number last changed through the profile (docs/security.md); null when never. */
  bank_changed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The break in force, if any (0048, docs/player-care.md); a self-exclusion without an end is permanent. */
  break_kind: ColumnType<BreakKind | null, BreakKind | null | undefined, BreakKind | null>;
  break_ends_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Minutes between reality checks while playing; 0: off (0048). */
  reality_check_minutes: ColumnType<number, number | undefined, number>;
  created_at: At;
  updated_at: At;
};

export type SessionsTable = {
  id: string;
  member_id: string;
  created_at: At;
  expires_at: At;
  revoked_at: Date | null;
};

export type OtpChallengesTable = {
  id: string;
  phone: string;
  ref: string;
  code_hash: string;
  created_at: At;
  expires_at: At;
  tries: Generated<number>;
  verified_at: Date | null;
};

export type VerifiedPhonesTable = {
  phone: string;
  verified_at: At;
};

export type LoginThrottleTable = {
  phone: string;
  failures: number;
  window_started_at: At;
  locked_until: Date | null;
};

export type BankBlacklistTable = {
  id: string;
  bank_code: string | null;
  bank_account_no: string;
  reason: string;
  created_by: string | null;
  created_at: At;
};
