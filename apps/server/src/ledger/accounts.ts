import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { createLedgerRepository } from './ledger-repository.ts';
import type { AccountId, AccountRef } from './ledger-types.ts';

/**
 * The account's id, created on first use (one statement). Safe under
 * concurrency: two callers creating the same account meet at the unique
 * constraint and both get its id.
 */
export function ensureAccount(db: Kysely<DB>, ref: AccountRef): Promise<AccountId> {
  return createLedgerRepository(db).accountId(ref);
}

/** The cached balance in minor units (0 for an account never used). */
export async function accountBalance(db: Kysely<DB>, ref: AccountRef): Promise<bigint> {
  return (await createLedgerRepository(db).balanceOf(ref)) ?? 0n;
}
