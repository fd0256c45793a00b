import { sql, type Kysely } from 'kysely';

/**
 * Members in the back office (docs/operators.md, "Members"): the bank-account
 * blacklist, the flag a password reset sets (the member changes it at next
 * login), and an index so a search by account number alone stays fast.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bank_blacklist (
      id uuid primary key,
      bank_code text,
      bank_account_no text not null,
      reason text not null,
      created_by uuid,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create unique index bank_blacklist_account_idx on bank_blacklist (bank_account_no, coalesce(bank_code, ''))`.execute(db);
  await sql`alter table members add column must_change_password boolean not null default false`.execute(db);
  await sql`create index if not exists members_bank_account_no_idx on members (bank_account_no)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists members_bank_account_no_idx`.execute(db);
  await sql`alter table members drop column must_change_password`.execute(db);
  await sql`drop table bank_blacklist`.execute(db);
}
