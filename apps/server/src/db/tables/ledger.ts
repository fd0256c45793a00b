import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** BIGINT identity: read as bigint, never written by us. */
type Id = ColumnType<bigint, never, never>;

export type AccountKind = 'wallet' | 'game' | 'system';
export type LedgerCurrency = 'THB' | 'LAK';

export type LedgerAccountsTable = {
  id: Id;
  kind: AccountKind;
  owner_id: string | null;
  code: string;
  currency: LedgerCurrency;
  /** Cached sum of the account's postings, minor units; only ledger/ writes it. */
  balance: Generated<bigint>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type JournalEntriesTable = {
  id: Id;
  kind: string;
  memo: Generated<string>;
  reference: string | null;
  reverses_entry_id: bigint | null;
  created_at: CreatedAt;
};

export type PostingsTable = {
  id: Id;
  entry_id: bigint;
  account_id: bigint;
  amount: bigint;
};

export type IdempotencyKeysTable = {
  scope: string;
  key: string;
  request_hash: string;
  state: 'processing' | 'done';
  response_status: number | null;
  response_type: string | null;
  response_body: string | null;
  created_at: ColumnType<Date, Date, Date>;
  /** Until when the claiming request is presumed alive (0014); null on older keys. */
  lease_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

export type GamesTable = {
  code: string;
  name: string;
  category: 'slot' | 'sport' | 'lotto';
  sort_order: Generated<number>;
  logo: string;
  background: string;
  ft_wallet_slot: Generated<number>;
  web_url: string | null;
  android_url: string | null;
  ios_url: string | null;
  launch_mode: 'link' | 'form';
  player_prefix: string;
  is_enabled: Generated<boolean>;
  created_at: CreatedAt;
};
