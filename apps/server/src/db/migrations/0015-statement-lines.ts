import { sql, type Kysely } from 'kysely';

/**
 * The statement as its own table, so a page costs what one page costs
 * (docs/growth.md "The statement"). Each member's lines are numbered 1, 2, 3...
 * in the order they were written (`seq`, dense: the line and its number commit
 * together), and statement_heads keeps how many there are. Page p of size L is
 * then the index range seq in (lines - p*L, lines - (p-1)*L]: about L rows read
 * whatever the member's history, and `total` is one primary-key read.
 *
 * Lines are written by triggers, in the same statement as the row they describe,
 * so no writer can forget one (transfers, withdrawals, deposits, later kinds):
 *   - a transfers row (one line per leg; its status is read live from the row);
 *   - a withdrawals row (one line; status live from the row);
 *   - a posting on a member's wallet whose entry kind has a prefix in
 *     statement_entry_kinds (deposits, bonuses, ...). Adding such a kind is one
 *     INSERT into that table in a later migration.
 * Existing history is carried over in the order the statement showed it
 * (created_at, then id), so every member sees the same lines as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('statement_entry_kinds')
    // A journal entry kind prefix ('deposit.'); the longest matching prefix wins.
    .addColumn('kind_prefix', 'text', (c) => c.primaryKey())
    // The contract's statementType of such a line.
    .addColumn('statement_type', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into statement_entry_kinds (kind_prefix, statement_type)
    values ('deposit.', 'deposit'), ('bonus.', 'bonus'), ('bonus.finish', 'finish_bonus')`.execute(db);

  await db.schema
    .createTable('statement_heads')
    // The wallet's owner. No foreign key, as on ledger_accounts.owner_id: the ledger does not require one either.
    .addColumn('member_id', 'uuid', (c) => c.primaryKey())
    // How many lines the member has: the newest line's seq, and the statement's `total`.
    .addColumn('lines', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('statement_lines')
    .addColumn('member_id', 'uuid', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('statement_type', 'text', (c) => c.notNull())
    // Where the line's live details are: 'transfer' / 'withdrawal' (source_id is the row's id) or 'entry' (entry_id).
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_id', 'uuid')
    .addColumn('entry_id', 'bigint')
    // Signed from the wallet's side: + into it, - out of it.
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('statement_lines_pk', ['member_id', 'seq'])
    .execute();
  // Invite counts: has this invitee ever deposited? One probe instead of a walk through their postings.
  await db.schema
    .createIndex('statement_lines_deposit_idx')
    .on('statement_lines')
    .column('member_id')
    .where(sql.ref('statement_type'), '=', 'deposit')
    .execute();

  // The one writer of lines: numbers the line under the member's head row lock.
  await sql`
    create function statement_line_add(
      p_member uuid, p_type text, p_source text, p_source_id uuid, p_entry_id bigint, p_amount bigint, p_created_at timestamptz
    ) returns bigint
    language plpgsql as $$
    declare
      v_seq bigint;
    begin
      insert into statement_heads as h (member_id, lines) values (p_member, 1)
        on conflict (member_id) do update set lines = h.lines + 1
        returning lines into v_seq;
      insert into statement_lines (member_id, seq, statement_type, source, source_id, entry_id, amount, created_at)
        values (p_member, v_seq, p_type, p_source, p_source_id, p_entry_id, p_amount, p_created_at);
      return v_seq;
    end $$`.execute(db);

  await sql`
    create function statement_line_of_transfer() returns trigger
    language plpgsql as $$
    begin
      perform statement_line_add(new.member_id, 'transfer', 'transfer', new.id, null,
        case when new.direction = 'to_game' then -new.amount else new.amount end, new.created_at);
      return null;
    end $$`.execute(db);
  await sql`create trigger transfers_statement_line after insert on transfers
    for each row execute function statement_line_of_transfer()`.execute(db);

  await sql`
    create function statement_line_of_withdrawal() returns trigger
    language plpgsql as $$
    begin
      perform statement_line_add(new.member_id, 'withdraw', 'withdrawal', new.id, null, -new.amount, new.created_at);
      return null;
    end $$`.execute(db);
  await sql`create trigger withdrawals_statement_line after insert on withdrawals
    for each row execute function statement_line_of_withdrawal()`.execute(db);

  // Row by row with primary-key reads: most postings are not on a wallet and stop
  // at the first read. (A statement-level trigger joining its transition table
  // would leave the join plan to a table without statistics.)
  await sql`
    create function statement_line_of_posting() returns trigger
    language plpgsql as $$
    declare
      v_member uuid;
      v_kind text;
      v_created timestamptz;
      v_type text;
    begin
      select owner_id into v_member from ledger_accounts where id = new.account_id and kind = 'wallet';
      if v_member is null then return null; end if;
      select kind, created_at into v_kind, v_created from journal_entries where id = new.entry_id;
      select statement_type into v_type from statement_entry_kinds
        where starts_with(v_kind, kind_prefix) order by length(kind_prefix) desc limit 1;
      if v_type is null then return null; end if;
      perform statement_line_add(v_member, v_type, 'entry', null, new.entry_id, new.amount, v_created);
      return null;
    end $$`.execute(db);
  await sql`create trigger postings_statement_line after insert on postings
    for each row execute function statement_line_of_posting()`.execute(db);

  // Existing history, numbered in the order the statement listed it (oldest = 1).
  await sql`
    insert into statement_lines (member_id, seq, statement_type, source, source_id, entry_id, amount, created_at)
    select member_id, row_number() over (partition by member_id order by created_at, sort_id),
           statement_type, source, source_id, entry_id, amount, created_at
    from (
      select t.member_id, 'transfer' as statement_type, 'transfer' as source, t.id as source_id, null::bigint as entry_id,
             case when t.direction = 'to_game' then -t.amount else t.amount end as amount, t.created_at, t.id::text as sort_id
      from transfers t
      union all
      select w.member_id, 'withdraw', 'withdrawal', w.id, null, -w.amount, w.created_at, w.id::text
      from withdrawals w
      union all
      select a.owner_id, k.statement_type, 'entry', null, e.id, p.amount, e.created_at, e.id::text
      from postings p
      join ledger_accounts a on a.id = p.account_id and a.kind = 'wallet'
      join journal_entries e on e.id = p.entry_id
      cross join lateral (
        select statement_type from statement_entry_kinds
        where starts_with(e.kind, kind_prefix) order by length(kind_prefix) desc limit 1
      ) k
    ) history`.execute(db);
  await sql`insert into statement_heads (member_id, lines) select member_id, max(seq) from statement_lines group by member_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger postings_statement_line on postings`.execute(db);
  await sql`drop trigger withdrawals_statement_line on withdrawals`.execute(db);
  await sql`drop trigger transfers_statement_line on transfers`.execute(db);
  await sql`drop function statement_line_of_posting()`.execute(db);
  await sql`drop function statement_line_of_withdrawal()`.execute(db);
  await sql`drop function statement_line_of_transfer()`.execute(db);
  await sql`drop function statement_line_add(uuid, text, text, uuid, bigint, bigint, timestamptz)`.execute(db);
  await db.schema.dropTable('statement_lines').execute();
  await db.schema.dropTable('statement_heads').execute();
  await db.schema.dropTable('statement_entry_kinds').execute();
}
