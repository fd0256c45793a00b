import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = ColumnType<bigint, never, never>;

/** Tables of the built-in demo game provider (sandbox only; never read by the site). */
export type DemoPlayersTable = {
  id: Id;
  game_code: string;
  username: string;
  password_hash: string;
  currency: string;
  balance: Generated<bigint>;
  created_at: CreatedAt;
};

export type DemoTransfersTable = {
  game_code: string;
  transfer_id: string;
  player_id: bigint | null;
  username: string;
  direction: 'deposit' | 'withdraw';
  amount: bigint;
  status: 'SUCCESS' | 'FAILED';
  reason: string | null;
  created_at: CreatedAt;
};

export type DemoRoundsTable = {
  id: Id;
  game_code: string;
  player_id: bigint;
  game: 'slot' | 'sport' | 'lotto';
  bet: bigint;
  payout: bigint;
  detail: ColumnType<unknown, string, string>;
  played_at: ColumnType<Date, Date, Date>;
};

export type DemoSessionsTable = {
  token_hash: string;
  kind: 'launch' | 'session';
  player_id: bigint;
  expires_at: ColumnType<Date, Date, Date>;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};
