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
 * The duplicate index on journal_entries(created_at) (0032 and 0035 each made
 * one) goes: every entry paid for both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists journal_entries_created_idx`.execute(db);
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
  await sql`drop function ledger_post_batch(text[], text[], text[], int[], bigint[], bigint[], boolean[])`.execute(db);
  await sql`drop function ledger_post_each(text[], text[], text[], int[], bigint[], bigint[], boolean[])`.execute(db);
  await sql`create index if not exists journal_entries_created_idx on journal_entries (created_at)`.execute(db);
}
