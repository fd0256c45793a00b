import { sql, type Kysely } from 'kysely';

/**
 * Withdrawals (docs/withdrawals.md). The money itself is in the ledger (wallet ->
 * payout:pending at request); this row says where it goes and how far it got.
 * The destination bank account is copied at request time: a later profile
 * edit must not redirect a payout already approved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('members.id'))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('THB', 'LAK')`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('bank_account_no', 'text', (c) => c.notNull())
    .addColumn('bank_account_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('review', 'approved', 'paying', 'success', 'failed', 'rejected')`))
    .addColumn('hold_entry_id', 'bigint', (c) => c.notNull().references('journal_entries.id'))
    .addColumn('note', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // When the payout job may take it next (also its lease while a pass works on it).
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The member's statement, newest first.
  await db.schema
    .createIndex('withdrawals_member_created_idx')
    .on('withdrawals')
    .columns(['member_id', 'created_at desc', 'id desc'])
    .execute();
  // The payout job's queue.
  await db.schema
    .createIndex('withdrawals_due_idx')
    .on('withdrawals')
    .column('next_attempt_at')
    .where(sql<boolean>`status in ('approved', 'paying')`)
    .execute();
  // The operator's review queue.
  await db.schema
    .createIndex('withdrawals_review_idx')
    .on('withdrawals')
    .column('created_at')
    .where(sql.ref('status'), '=', 'review')
    .execute();
}
