import { sql, type Kysely } from 'kysely';

/**
 * Four eyes on totals (docs/money-desk.md, "Four eyes"): why a credit waits
 * for a second operator (its own amount, or the day's total of one operator's
 * credits to one member), and who credited a manual deposit, so the day's
 * total can be summed from both tables on an index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table adjustments add column four_eyes_reason text check (four_eyes_reason in ('AMOUNT', 'DAY_TOTAL'))`.execute(db);
  await sql`update adjustments set four_eyes_reason = 'AMOUNT' where four_eyes`.execute(db);
  await sql`alter table adjustments add constraint adjustments_four_eyes_reason check (four_eyes = (four_eyes_reason is not null))`.execute(
    db,
  );
  await sql`create index adjustments_operator_day_idx on adjustments (proposed_by, member_id, proposed_at) where direction = 'credit'`.execute(
    db,
  );

  // The operator who credited (or proposed crediting) a notice, and when; a second operator confirms a proposal.
  await sql`alter table deposit_notices add column proposed_by uuid`.execute(db);
  await sql`alter table deposit_notices add column proposed_at timestamptz`.execute(db);
  await sql`alter table deposit_notices add column decided_by uuid`.execute(db);
  await sql`alter table deposit_notices add column four_eyes_reason text check (four_eyes_reason in ('AMOUNT', 'DAY_TOTAL'))`.execute(db);
  await sql`
    alter table deposit_notices add constraint deposit_notices_four_eyes check (
      four_eyes_reason is null or status <> 'success' or decided_by <> proposed_by
    )`.execute(db);
  await sql`create index deposit_notices_operator_day_idx on deposit_notices (proposed_by, member_id, proposed_at)`.execute(db);
}
