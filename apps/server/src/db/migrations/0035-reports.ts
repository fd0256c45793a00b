import { sql, type Kysely } from 'kysely';

/**
 * Reports (docs/reports.md): the rounds imported from the game providers, each
 * member's first deposit (kept by a trigger), and the daily rollups the report
 * job writes for closed Bangkok days, so a report reads a few rows a day
 * however large the ledger grows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Settled rounds as the providers report them (round history), one row per provider round.
  await db.schema
    .createTable('game_rounds')
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('round_id', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    // The site's member behind the provider username (null: a player the site does not know).
    .addColumn('member_id', 'uuid')
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('THB', 'LAK')`))
    .addColumn('bet', 'bigint', (c) => c.notNull())
    .addColumn('payout', 'bigint', (c) => c.notNull())
    .addColumn('played_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_rounds_pk', ['game_code', 'round_id'])
    .execute();
  await db.schema.createIndex('game_rounds_played_at').on('game_rounds').column('played_at').execute();

  // Where each provider's next pull of round history starts.
  await db.schema
    .createTable('report_round_cursors')
    .addColumn('game_code', 'text', (c) => c.primaryKey())
    .addColumn('since', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('member_first_deposits')
    .addColumn('member_id', 'uuid', (c) => c.primaryKey())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('entry_id', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('first_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('member_first_deposits_first_at').on('member_first_deposits').column('first_at').execute();

  // The first credit of a deposit.* entry to a member's wallet. Row by row with
  // primary-key reads, as the statement trigger: most postings stop at the first read.
  await sql`
    create function member_first_deposit_of_posting() returns trigger
    language plpgsql as $$
    declare
      v_member uuid;
      v_currency text;
      v_kind text;
      v_created timestamptz;
    begin
      select owner_id, currency into v_member, v_currency from ledger_accounts where id = new.account_id and kind = 'wallet';
      if v_member is null then return null; end if;
      select kind, created_at into v_kind, v_created from journal_entries where id = new.entry_id;
      if not starts_with(v_kind, 'deposit.') then return null; end if;
      insert into member_first_deposits (member_id, currency, entry_id, amount, first_at)
        values (v_member, v_currency, new.entry_id, new.amount, v_created)
        on conflict (member_id) do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger postings_member_first_deposit after insert on postings
    for each row when (new.amount > 0) execute function member_first_deposit_of_posting()`.execute(db);
  // Members who deposited before this migration.
  await sql`
    insert into member_first_deposits (member_id, currency, entry_id, amount, first_at)
    select distinct on (a.owner_id) a.owner_id, a.currency, e.id, p.amount, e.created_at
    from postings p join ledger_accounts a on a.id = p.account_id join journal_entries e on e.id = p.entry_id
    where a.kind = 'wallet' and p.amount > 0 and starts_with(e.kind, 'deposit.')
    order by a.owner_id, e.created_at, e.id`.execute(db);

  // A closed day's rollups, and which days the job has rolled.
  await db.schema
    .createTable('report_days')
    .addColumn('day', 'date', (c) => c.primaryKey())
    .addColumn('rolled_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('report_ledger_daily')
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('entry_kind', 'text', (c) => c.notNull())
    .addColumn('account_kind', 'text', (c) => c.notNull())
    // The account code, a sharded system account's shard suffix (#n) removed.
    .addColumn('account_code', 'text', (c) => c.notNull())
    // Sum of the positive postings, and of the negative ones (as a positive number).
    .addColumn('debits', 'bigint', (c) => c.notNull())
    .addColumn('credits', 'bigint', (c) => c.notNull())
    .addColumn('postings', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_ledger_daily_pk', ['day', 'currency', 'entry_kind', 'account_kind', 'account_code'])
    .execute();
  await db.schema
    .createTable('report_game_daily')
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('rounds', 'bigint', (c) => c.notNull())
    .addColumn('bets', 'bigint', (c) => c.notNull())
    .addColumn('payouts', 'bigint', (c) => c.notNull())
    .addColumn('players', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_game_daily_pk', ['day', 'currency', 'game_code'])
    .execute();
  await db.schema
    .createTable('report_member_daily')
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('registrations', 'bigint', (c) => c.notNull())
    .addColumn('first_deposits', 'bigint', (c) => c.notNull())
    .addColumn('active_players', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_member_daily_pk', ['day', 'currency'])
    .execute();

  // The live part of a report (days not rolled yet) and the rollup itself read by time.
  await db.schema.createIndex('journal_entries_created_at').on('journal_entries').column('created_at').execute();
  await db.schema.createIndex('members_created_at').on('members').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('members_created_at').execute();
  await db.schema.dropIndex('journal_entries_created_at').execute();
  for (const table of ['report_member_daily', 'report_game_daily', 'report_ledger_daily', 'report_days'])
    await db.schema.dropTable(table).execute();
  await sql`drop trigger postings_member_first_deposit on postings`.execute(db);
  await sql`drop function member_first_deposit_of_posting()`.execute(db);
  for (const table of ['member_first_deposits', 'report_round_cursors', 'game_rounds']) await db.schema.dropTable(table).execute();
}
