import type { ColumnType, Generated } from 'kysely';

/** Written by the services from the injected Clock (tests move time). */
type At = ColumnType<Date, Date, Date>;
/** jsonb: read as the parsed value, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;

export type Localized = { th: string; la: string; en: string };
export type CategoryWeights = { slot: number; sport: number; lotto: number };
/** A banner: text-free artwork and its copy in each language. */
export type StoredBanner = { image: string; html: Localized };
export type BonusWindowType = 'limit' | 'day' | 'week';
export type BonusOrigin = 'bonus' | 'promotion' | 'refund' | 'spin';
export type BonusStatus = 'active' | 'completed' | 'cancelled' | 'expired' | 'ended';

export type BonusDefinitionsTable = {
  id: string;
  origin: 'bonus' | 'promotion';
  code: string;
  names: Json<Localized>;
  notices: Json<Localized>;
  type: BonusWindowType;
  max_received: number;
  percent: number;
  max_bonus: bigint;
  min_deposit: bigint;
  turnover: number;
  percent_fail: number;
  category_weights: Json<CategoryWeights>;
  banners: Json<StoredBanner[]>;
  active: boolean;
  valid_from: Date | null;
  valid_to: Date | null;
  expiry_days: number | null;
  max_uses: number | null;
  uses: Generated<number>;
  created_at: At;
  updated_at: At;
};

export type MemberBonusesTable = {
  id: string;
  member_id: string;
  origin: BonusOrigin;
  definition_id: string | null;
  code: string;
  currency: 'THB' | 'LAK';
  status: BonusStatus;
  end_reason: string | null;
  base: bigint;
  credit: bigint;
  turnover_target: bigint;
  turnover_done: Generated<bigint>;
  percent_fail: number;
  percent_success: number;
  category_weights: Json<CategoryWeights>;
  expires_at: Date | null;
  source_ref: string | null;
  taken_back: Generated<bigint>;
  activated_at: At;
  ended_at: Date | null;
};

export type RewardRoundsTable = {
  game_code: string;
  round_id: string;
  member_id: string;
  category: string;
  bet: bigint;
  payout: bigint;
  played_at: At;
  bonus_id: string | null;
};

export type RewardRoundCursorsTable = {
  game_code: string;
  since: At;
  lease_until: Date | null;
  lease_owner: string | null;
};

export type DailyPlayTable = {
  member_id: string;
  day: string;
  category: string;
  bets: bigint;
  payouts: bigint;
};

export type AccrualDaysTable = { kind: string; day: string; done_at: At };

export type InviteAccrualsTable = {
  invitee_id: string;
  day: string;
  inviter_id: string;
  turnover: bigint;
  amount: bigint;
  created_at: At;
  paid_entry_id: bigint | null;
};

export type RefundAccrualsTable = {
  member_id: string;
  day: string;
  loss: bigint;
  amount: bigint;
  created_at: At;
  bonus_id: string | null;
};

export type RewardBannersTable = {
  id: string;
  placement: 'invite' | 'refund';
  image: string;
  html: Json<Localized>;
  sort: number;
  active: boolean;
};
