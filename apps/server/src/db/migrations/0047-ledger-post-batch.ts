import { sql, type Kysely } from 'kysely';

/**
 * Many journal entries in ONE transaction (docs/money.md, "Posting in batches").
 * With many callers at once, a posting's time is mostly the commit: its row
 * locks are held until the commit reaches the disk, so callers on the same
 * accounts queue behind each other's flush. The post queue
 * (ledger/post-queue.ts) gathers the entries that arrive while a batch commits
 * and posts them with this function: one commit for all of them.
 *
 * Each entry is still ledger_post, with every rule it checks, in order: entry i
 * sees the balances entries 1..i-1 left, a refused entry ('short', a duplicate,
 * a caller's bug answered as an outcome) writes nothing of its own and leaves
 * the others. Every account of the batch is locked first, in ascending id
 * order, as a single ledger_post locks its own: a batch and a post never wait
 * for each other in a cycle.
 *
 * Two costs every entry paid for nothing go: the duplicate index on
 * journal_entries(created_at) (0032 and 0035 each made one), and two plpgsql
 * trigger calls per posting row (below).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists journal_entries_created_idx`.execute(db);

  // The statement's entry lines (0015) and the first deposits (0035, 0036) from
  // ONE trigger per statement instead of two per posting row: same rows, same
  // order (posting id), but an entry of another kind (a transfer, a hold: most
  // of them) now costs one look at its kind instead of four plpgsql calls and
  // their reads. Each row is still reached by primary key (LIMIT 1 keeps the
  // reads correlated: the transition table has no statistics to plan a join by).
  await sql`
    create function posting_lines_and_first_deposits() returns trigger
    language plpgsql as $$
    declare
      r record;
      v_type text;
      v_registered timestamptz;
    begin
      for r in
        select n.entry_id, n.amount, w.owner_id, w.currency, j.kind, j.created_at
        from new_postings n
        cross join lateral (select e.kind, e.created_at from journal_entries e where e.id = n.entry_id limit 1) j
        cross join lateral (select a.owner_id, a.currency from ledger_accounts a where a.id = n.account_id and a.kind = 'wallet' limit 1) w
        where starts_with(j.kind, 'deposit.') or exists (select 1 from statement_entry_kinds k where starts_with(j.kind, k.kind_prefix))
        order by n.id
      loop
        select statement_type into v_type from statement_entry_kinds
          where starts_with(r.kind, kind_prefix) order by length(kind_prefix) desc limit 1;
        if v_type is not null then
          perform statement_line_add(r.owner_id, v_type, 'entry', null, r.entry_id, r.amount, r.created_at);
        end if;
        if r.amount > 0 and starts_with(r.kind, 'deposit.')
           and not exists (select 1 from member_first_deposits where member_id = r.owner_id) then
          select created_at into v_registered from members where id = r.owner_id;
          insert into member_first_deposits (member_id, currency, entry_id, amount, first_at, registered_at)
            values (r.owner_id, r.currency, r.entry_id, r.amount, r.created_at, coalesce(v_registered, r.created_at))
            on conflict (member_id) do nothing;
        end if;
      end loop;
      return null;
    end $$`.execute(db);
  await sql`drop trigger postings_statement_line on postings`.execute(db);
  await sql`drop trigger postings_member_first_deposit on postings`.execute(db);
  await sql`create trigger postings_lines_and_first_deposits after insert on postings
    referencing new table as new_postings for each statement execute function posting_lines_and_first_deposits()`.execute(db);
  // The general path: each entry through ledger_post, in order.
  await sql`
    create function ledger_post_each(
      p_kinds text[], p_memos text[], p_references text[],
      p_sizes int[], p_accounts bigint[], p_amounts bigint[], p_floor_game boolean[]
    ) returns table (ordinal int, entry_id bigint, outcome text)
    language plpgsql as $$
    declare
      v_start int := 1;
      v_size int;
    begin
      for i in 1 .. cardinality(p_kinds) loop
        v_size := p_sizes[i];
        select r.entry_id, r.outcome into entry_id, outcome
          from ledger_post(p_kinds[i], p_memos[i], p_references[i], null,
            p_accounts[v_start : v_start + v_size - 1], p_amounts[v_start : v_start + v_size - 1],
            case when p_floor_game[i] then array['wallet', 'game'] else array['wallet'] end, false) r;
        ordinal := i;
        return next;
        v_start := v_start + v_size;
      end loop;
    end $$`.execute(db);

  // The common case at once: when every entry is well formed, new, on existing
  // accounts of one currency, and no floor account goes below zero at any step
  // with ALL entries applied in order, then ledger_post one by one would post
  // every one of them: the same rows are written with a few statements in all.
  // Anything else takes the general path, which answers each entry as
  // ledger_post does (a concurrent duplicate makes the insert fail instead: the
  // caller posts those entries one by one).
  await sql`
    create function ledger_post_batch(
      p_kinds text[], p_memos text[], p_references text[],
      p_sizes int[], p_accounts bigint[], p_amounts bigint[], p_floor_game boolean[]
    ) returns table (ordinal int, entry_id bigint, outcome text)
    language plpgsql as $$
    declare
      v_count int := cardinality(p_kinds);
      v_of int[];
      v_ids bigint[];
      v_clean boolean;
    begin
      if cardinality(p_memos) <> v_count or cardinality(p_references) <> v_count or cardinality(p_sizes) <> v_count
         or cardinality(p_floor_game) <> v_count or cardinality(p_amounts) <> cardinality(p_accounts)
         or (select sum(s) from unnest(p_sizes) s) <> cardinality(p_accounts) then
        raise exception 'ledger_post_batch: arrays of different lengths';
      end if;
      -- Every account of the batch, locked in ascending id order as ledger_post locks its own.
      perform 1 from ledger_accounts where id = any(p_accounts) order by id for update;
      -- The entry (1..v_count) each posting belongs to.
      select array_agg(s.n order by s.n, g) into v_of
        from unnest(p_sizes) with ordinality s(size, n), generate_series(1, s.size) g;

      with p as (
        select v.pos, v.account, v.amount, v_of[v.pos] as n
        from unnest(p_accounts, p_amounts) with ordinality v(account, amount, pos)
      ),
      per_entry as (
        select p.n, count(*) as postings, count(distinct p.account) as accounts, sum(p.amount) as total,
               bool_or(p.amount = 0) as has_zero, count(a.id) as found, count(distinct a.currency) as currencies
        from p left join ledger_accounts a on a.id = p.account
        group by p.n
      ),
      running as (
        select a.kind, p.n,
               a.balance + sum(p.amount) over (partition by p.account order by p.n) as after
        from p join ledger_accounts a on a.id = p.account
      )
      select
        (select count(*) from per_entry) = v_count
        and not exists (select 1 from per_entry e
          where e.postings < 2 or e.accounts <> e.postings or e.total <> 0 or e.has_zero or e.found <> e.postings or e.currencies <> 1)
        and not exists (select 1 from running r where r.after < 0 and (r.kind = 'wallet' or (r.kind = 'game' and p_floor_game[r.n])))
        and not exists (select 1 from unnest(p_kinds, p_references) k(kind, reference)
          where k.reference is not null group by k.kind, k.reference having count(*) > 1)
        and not exists (select 1 from unnest(p_kinds, p_references) k(kind, reference)
          join journal_entries j on j.kind = k.kind and j.reference = k.reference)
      into v_clean;

      if not coalesce(v_clean, false) then
        return query select * from ledger_post_each(p_kinds, p_memos, p_references, p_sizes, p_accounts, p_amounts, p_floor_game);
        return;
      end if;

      select array_agg(nextval(pg_get_serial_sequence('journal_entries', 'id')) order by g) into v_ids
        from generate_series(1, v_count) g;
      insert into journal_entries (id, kind, memo, reference) overriding system value
        select v_ids[k.n], k.kind, coalesce(k.memo, ''), k.reference
        from unnest(p_kinds, p_memos, p_references) with ordinality k(kind, memo, reference, n) order by k.n;
      update ledger_accounts a set balance = a.balance + d.moved, updated_at = now()
        from (select v.account, sum(v.amount) as moved from unnest(p_accounts, p_amounts) v(account, amount) group by v.account) d
        where a.id = d.account;
      insert into postings (entry_id, account_id, amount)
        select v_ids[v_of[v.pos]], v.account, v.amount
        from unnest(p_accounts, p_amounts) with ordinality v(account, amount, pos) order by v.pos;
      return query select g::int, v_ids[g], 'posted'::text from generate_series(1, v_count) g;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger postings_lines_and_first_deposits on postings`.execute(db);
  await sql`drop function posting_lines_and_first_deposits()`.execute(db);
  await sql`create trigger postings_statement_line after insert on postings
    for each row execute function statement_line_of_posting()`.execute(db);
  await sql`create trigger postings_member_first_deposit after insert on postings
    for each row when (new.amount > 0) execute function member_first_deposit_of_posting()`.execute(db);
  await sql`drop function ledger_post_batch(text[], text[], text[], int[], bigint[], bigint[], boolean[])`.execute(db);
  await sql`drop function ledger_post_each(text[], text[], text[], int[], bigint[], bigint[], boolean[])`.execute(db);
  await sql`create index if not exists journal_entries_created_idx on journal_entries (created_at)`.execute(db);
}
