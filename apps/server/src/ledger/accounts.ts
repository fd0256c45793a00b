import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { createLedgerRepository } from './ledger-repository.ts';
import { LedgerError, type AccountId, type AccountRef } from './ledger-types.ts';

/**
 * The account's id, created on first use. Safe under concurrency: two callers
 * creating the same account meet at the unique constraint and both get its id.
 */
export async function ensureAccount(db: Kysely<DB>, ref: AccountRef): Promise<AccountId> {
  const repo = createLedgerRepository(db);
  const existing = await repo.findAccountId(ref);
  if (existing !== undefined) return existing;
  const created = await repo.insertAccountIfMissing(ref);
  if (created !== undefined) return created;
  const raced = await repo.findAccountId(ref);
  if (raced === undefined) throw new LedgerError(`account ${ref.code} could not be created`);
  return raced;
}

/** The cached balance in minor units (0 for an account never used). */
export async function accountBalance(db: Kysely<DB>, ref: AccountRef): Promise<bigint> {
  const repo = createLedgerRepository(db);
  const id = await repo.findAccountId(ref);
  return id === undefined ? 0n : ((await repo.balance(id)) ?? 0n);
}
