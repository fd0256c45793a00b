import type { ColumnType, Generated } from 'kysely';

/** Written by the services from the injected Clock (tests move time). */
type At = ColumnType<Date, Date, Date>;

/** Stored per slice of a wheel version (docs/spin.md, "Configuration"). */
export type StoredSlice = {
  code: string;
  label: string;
  bgColor: string;
  textColor: string;
  htmlDescription: string;
  weight: number;
  prize:
    | { type: 'credit'; amount: string }
    | { type: 'bonus'; amount: string; turnover: number; percentFail: number }
    | { type: 'coin'; coins: number }
    | { type: 'nothing' };
};

export type SpinWheelsTable = {
  version: number;
  name: string;
  active: boolean;
  slices: ColumnType<StoredSlice[], string, string>;
  created_at: At;
};

export type SpinSeedsTable = {
  id: string;
  member_id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: Generated<number>;
  created_at: At;
  revealed_at: Date | null;
};

export type SpinDrawsTable = {
  id: string;
  member_id: string;
  seed_id: string;
  nonce: number;
  wheel_version: number;
  slice_index: number;
  slice_code: string;
  created_at: At;
};

export type SpinCouponsTable = {
  id: string;
  member_id: string;
  draw_id: string;
  type: 'credit' | 'bonus' | 'coin';
  slice_code: string;
  prize_name: string;
  amount: Generated<bigint>;
  coins: Generated<number>;
  bonus_turnover: number | null;
  bonus_percent_fail: number | null;
  currency: 'THB' | 'LAK';
  created_at: At;
  expires_at: At;
  claimed_at: Date | null;
};
