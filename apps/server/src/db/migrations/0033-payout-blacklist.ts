import { sql, type Kysely } from 'kysely';

/**
 * A withdrawal to a blacklisted bank account waits in review with the reason
 * `BLACKLISTED` (docs/money-desk.md, "Blacklisted accounts"): the reason's
 * check (0013) gains the value.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table withdrawals drop constraint if exists withdrawals_review_reason_check`.execute(db);
  await sql`alter table withdrawals add constraint withdrawals_review_reason_check
    check (review_reason in ('ABOVE_AUTO_LIMIT', 'BANK_CHANGED', 'BLACKLISTED'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update withdrawals set review_reason = 'ABOVE_AUTO_LIMIT' where review_reason = 'BLACKLISTED'`.execute(db);
  await sql`alter table withdrawals drop constraint withdrawals_review_reason_check`.execute(db);
  await sql`alter table withdrawals add constraint withdrawals_review_reason_check
    check (review_reason in ('ABOVE_AUTO_LIMIT', 'BANK_CHANGED'))`.execute(db);
}
