import type { ColumnType } from 'kysely';
import type { LedgerCurrency } from './ledger.ts';

/** Written by the services from the injected Clock (tests move time). */
type At = ColumnType<Date, Date, Date>;

export type GameAccountStatus = 'creating' | 'active';

export type GameAccountsTable = {
  member_id: string;
  game_code: string;
  username: string;
  password_sealed: string;
  status: GameAccountStatus;
  created_at: At;
  updated_at: At;
};

export type TransferDirection = 'to_game' | 'from_game';
export type TransferStatus = 'PENDING' | 'SUCCESS' | 'FAILED';

export type TransfersTable = {
  id: string;
  group_id: string;
  member_id: string;
  game_code: string;
  direction: TransferDirection;
  amount: bigint;
  currency: LedgerCurrency;
  status: TransferStatus;
  provider_transfer_id: string;
  /** to_game: the wallet debit, reversed on failure. null for from_game: its credit is found by reference (the transfer id). */
  entry_id: bigint | null;
  reason: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  next_check_at: At;
  created_at: At;
  updated_at: At;
  settled_at: Date | null;
  /** The Idempotency-Key of the request that started it, on a group's first leg (0014); else null. */
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
};

export type LaunchTicketsTable = {
  ticket_hash: string;
  member_id: string;
  game_code: string;
  platform: 'web' | 'android' | 'ios';
  expires_at: At;
  used_at: Date | null;
};
