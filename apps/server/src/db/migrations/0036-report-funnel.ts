import { sql, type Kysely } from 'kysely';

/**
 * The registration -> first deposit funnel reads first deposits by the day
 * their member registered (docs/reports.md, "Figures"): the registration time
 * is kept beside each first deposit, so the funnel never joins the members
 * table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('member_first_deposits').addColumn('registered_at', 'timestamptz').execute();
  await sql`update member_first_deposits f set registered_at = m.created_at from members m where m.id = f.member_id`.execute(db);
  await sql`update member_first_deposits set registered_at = first_at where registered_at is null`.execute(db);
  await sql`alter table member_first_deposits alter column registered_at set not null`.execute(db);
  await db.schema.createIndex('member_first_deposits_registered_at').on('member_first_deposits').column('registered_at').execute();
  await sql`
    create or replace function member_first_deposit_of_posting() returns trigger
    language plpgsql as $$
    declare
      v_member uuid;
      v_currency text;
      v_kind text;
      v_created timestamptz;
      v_registered timestamptz;
    begin
      select owner_id, currency into v_member, v_currency from ledger_accounts where id = new.account_id and kind = 'wallet';
      if v_member is null then return null; end if;
      select kind, created_at into v_kind, v_created from journal_entries where id = new.entry_id;
      if not starts_with(v_kind, 'deposit.') then return null; end if;
      if exists (select 1 from member_first_deposits where member_id = v_member) then return null; end if;
      select created_at into v_registered from members where id = v_member;
      insert into member_first_deposits (member_id, currency, entry_id, amount, first_at, registered_at)
        values (v_member, v_currency, new.entry_id, new.amount, v_created, coalesce(v_registered, v_created))
        on conflict (member_id) do nothing;
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('member_first_deposits_registered_at').execute();
  await db.schema.alterTable('member_first_deposits').dropColumn('registered_at').execute();
}
