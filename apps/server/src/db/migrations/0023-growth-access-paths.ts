import type { Kysely } from 'kysely';

/**
 * Access paths for the foreign keys that point at journal_entries from
 * tables that grow (docs/growth.md "Access paths"). ledger_post writes an
 * entry's header first and deletes it when the entry is refused (a wallet
 * short of money); deleting a referenced row makes PostgreSQL look for rows
 * that still point at it, and without an index on the referencing column
 * that look is a sequential scan of the whole table: every refused transfer
 * or withdrawal read all transfers and all withdrawals ever made.
 * (It also made the demo provider's `demo_rounds_player_idx`, which now
 * belongs to the sandbox's own migrations: docs/sandbox.md.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('transfers_entry_idx').on('transfers').column('entry_id').execute();
  await db.schema.createIndex('withdrawals_hold_entry_idx').on('withdrawals').column('hold_entry_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('withdrawals_hold_entry_idx').execute();
  await db.schema.dropIndex('transfers_entry_idx').execute();
}
