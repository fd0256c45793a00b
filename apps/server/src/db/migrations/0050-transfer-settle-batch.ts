import { sql, type Kysely } from 'kysely';

/**
 * Many transfers settled in ONE statement (docs/games.md, "Settling in
 * batches"): the settlements of concurrent requests, gathered, each its
 * PENDING -> SUCCESS change and the entry that settles it, posted together by
 * ledger_post_batch, so the batch pays one commit.
 *
 * The transfer rows are locked first, in id order, then ledger_post_batch
 * locks every account in ascending id order: the order a single settlement
 * takes (its row, then its accounts), so the two never wait for each other in
 * a cycle. A transfer settled already answers 'settled-before' and posts
 * nothing; one whose entry is refused (a game account below its floor:
 * 'short') stays PENDING and moves nothing, and its caller settles it alone.
 * Only a transfer whose entry is in the books (posted now, or found
 * there: 'duplicate') becomes SUCCESS.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function transfer_settle_batch(
      p_ids uuid[], p_nows timestamptz[], p_kinds text[], p_from bigint[], p_to bigint[], p_floor_game boolean[]
    ) returns table (ordinal int, entry_id bigint, outcome text)
    language plpgsql as $$
    declare
      v_count int := cardinality(p_ids);
      v_pending int[];
      v_amounts bigint[];
    begin
      if cardinality(p_nows) <> v_count or cardinality(p_kinds) <> v_count or cardinality(p_from) <> v_count
         or cardinality(p_to) <> v_count or cardinality(p_floor_game) <> v_count then
        raise exception 'transfer_settle_batch: arrays of different lengths';
      end if;
      -- The transfers still PENDING, locked in id order; then read as they are now, each id once.
      perform 1 from transfers where id = any(p_ids) and status = 'PENDING' order by id for update;
      select array_agg(l.n order by l.n), array_agg(l.amount order by l.n) into v_pending, v_amounts
        from (select distinct on (v.id) v.n, t.amount
              from unnest(p_ids) with ordinality v(id, n) join transfers t on t.id = v.id
              where t.status = 'PENDING'
              order by v.id, v.n) l;
      if v_pending is null then
        return query select g::int, null::bigint, 'settled-before'::text from generate_series(1, v_count) g;
        return;
      end if;
      return query
        with b as (
          select v_pending[x.ordinal] as n, x.entry_id, x.outcome
          from ledger_post_batch(
            array(select p_kinds[n] from unnest(v_pending) with ordinality u(n, i) order by i),
            array(select ''::text from unnest(v_pending)),
            array(select p_ids[n]::text from unnest(v_pending) with ordinality u(n, i) order by i),
            array(select 2 from unnest(v_pending)),
            array(select s.a from unnest(v_pending) with ordinality u(n, i)
                    cross join lateral unnest(array[p_from[u.n], p_to[u.n]]) with ordinality s(a, j) order by u.i, s.j),
            array(select s.m from unnest(v_amounts) with ordinality u(amount, i)
                    cross join lateral unnest(array[-u.amount, u.amount]) with ordinality s(m, j) order by u.i, s.j),
            array(select p_floor_game[n] from unnest(v_pending) with ordinality u(n, i) order by i)) x
        ),
        settled as (
          update transfers t set status = 'SUCCESS', reason = null, settled_at = p_nows[b.n], updated_at = p_nows[b.n]
          from b where b.outcome in ('posted', 'duplicate') and t.id = p_ids[b.n]
          returning t.id
        )
        select g::int, b.entry_id, coalesce(b.outcome, 'settled-before')
        from generate_series(1, v_count) g left join b on b.n = g
        order by g;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function transfer_settle_batch(uuid[], timestamptz[], text[], bigint[], bigint[], boolean[])`.execute(db);
}
