import { sql, type Kysely } from 'kysely';

/**
 * A changed withdrawal destination is a sensitive action (docs/security.md,
 * "Changing where withdrawals go"):
 *
 * - members.bank_changed_at: when the member last changed bank or account number
 *   through the profile; null when never (the registration's account).
 * - withdrawals.review_reason: why a withdrawal waits for an operator, shown to
 *   them: ABOVE_AUTO_LIMIT or BANK_CHANGED. Null on rows from before this column
 *   and on withdrawals that never waited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').addColumn('bank_changed_at', 'timestamptz').execute();
  await db.schema
    .alterTable('withdrawals')
    .addColumn('review_reason', 'text', (c) => c.check(sql`review_reason in ('ABOVE_AUTO_LIMIT', 'BANK_CHANGED')`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('withdrawals').dropColumn('review_reason').execute();
  await db.schema.alterTable('members').dropColumn('bank_changed_at').execute();
}
