import { sql, type Kysely } from 'kysely';

/**
 * The ledger's two primitives as SQL functions (found by the transfer benchmark):
 * posting an entry was seven round trips from the server (find or create each
 * account, header, lock, conditional update, postings), and a transfer made
 * three such posts. As functions each is one statement, which a caller can
 * also join with its own write (a transfer row, a settlement) so that both
 * commit atomically without BEGIN/COMMIT round trips. The rules are the same
 * as before (docs/money.md, "The ledger"), checked in the same order; see
 * docs/money.md, "Ledger in SQL functions".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The account's id, created on first use; a concurrent creator is absorbed by
  // the unique constraint (owner, code, currency), and both callers get one id.
  await sql`
    create function ledger_account(p_kind text, p_owner uuid, p_code text, p_currency text) returns bigint
    language plpgsql as $$
    declare
      v_id bigint;
    begin
      loop
        -- Two branches, not IS NOT DISTINCT FROM: each uses the unique index.
        if p_owner is null then
          select id into v_id from ledger_accounts where owner_id is null and code = p_code and currency = p_currency;
        else
          select id into v_id from ledger_accounts where owner_id = p_owner and code = p_code and currency = p_currency;
        end if;
        if v_id is not null then return v_id; end if;
        -- A concurrent creator makes this insert wait for its commit, then do
        -- nothing; the next turn of the loop reads its row.
        insert into ledger_accounts (kind, owner_id, code, currency) values (p_kind, p_owner, p_code, p_currency)
          on conflict do nothing returning id into v_id;
        if v_id is not null then return v_id; end if;
      end loop;
    end $$`.execute(db);

  // One journal entry: header, row locks in ascending id order (two entries on
  // the same accounts never deadlock), the floor check on the locked rows, the
  // balance updates and the postings. Outcome:
  //   'posted'    - written; entry_id is the new entry;
  //   'duplicate' - kind + reference (or the reversal of the same entry) exists:
  //                 entry_id is the first one and nothing moved;
  //   'short'     - an account whose kind is in p_floor_kinds would end below
  //                 zero: nothing written (raised as SQLSTATE JT001 instead when
  //                 p_raise_short, to roll back the caller's whole statement);
  //   'missing-account' / 'mixed-currency' - a caller's bug: nothing written.
  // Each statement of a plpgsql function sees the rows committed before it
  // began, so the check reads the balances the locks protect.
  await sql`
    create function ledger_post(
      p_kind text, p_memo text, p_reference text, p_reverses bigint,
      p_accounts bigint[], p_amounts bigint[],
      p_floor_kinds text[] default array['wallet'], p_raise_short boolean default false
    ) returns table (entry_id bigint, outcome text)
    language plpgsql as $$
    declare
      v_n int := cardinality(p_accounts);
      v_sum numeric;
      v_zero boolean;
      v_distinct int;
      v_entry bigint;
      v_locked int;
      v_currencies int;
      v_short boolean;
    begin
      -- Every statement below reaches ledger_accounts by primary key (id = any(...)):
      -- a join with unnest() let the planner scan the whole table.
      select sum(v.d), bool_or(v.d = 0), count(distinct v.id) into v_sum, v_zero, v_distinct
        from unnest(p_accounts, p_amounts) v(id, d);
      if v_n < 2 or cardinality(p_amounts) <> v_n or v_sum <> 0 or v_zero or v_distinct <> v_n then
        raise exception 'ledger_post: postings must be two or more distinct non-zero amounts summing to zero';
      end if;

      insert into journal_entries (kind, memo, reference, reverses_entry_id)
        values (p_kind, coalesce(p_memo, ''), p_reference, p_reverses)
        on conflict do nothing returning id into v_entry;
      if v_entry is null then
        if p_reverses is not null then
          select e.id into v_entry from journal_entries e where e.reverses_entry_id = p_reverses;
        elsif p_reference is not null then
          select e.id into v_entry from journal_entries e where e.kind = p_kind and e.reference = p_reference;
        end if;
        if v_entry is null then raise exception 'ledger_post: entry conflicted but no earlier entry was found'; end if;
        return query select v_entry, 'duplicate'::text;
        return;
      end if;

      -- Lock, then check on the locked rows (FOR UPDATE returns the latest
      -- committed version after waiting, so the floor check sees every earlier move).
      select count(*), count(distinct a.currency),
             coalesce(bool_or(a.kind = any(p_floor_kinds) and a.balance + p_amounts[array_position(p_accounts, a.id)] < 0), false)
        into v_locked, v_currencies, v_short
        from (select id, kind, currency, balance from ledger_accounts where id = any(p_accounts) order by id for update) a;
      if v_locked <> v_n or v_currencies <> 1 or v_short then
        delete from journal_entries where id = v_entry;
        if v_locked = v_n and v_currencies = 1 and p_raise_short then
          raise exception using errcode = 'JT001', message = 'MONEY_NOT_ENOUGH';
        end if;
        return query select null::bigint,
          (case when v_locked <> v_n then 'missing-account' when v_currencies <> 1 then 'mixed-currency' else 'short' end)::text;
        return;
      end if;

      -- A data-modifying CTE runs even when nothing reads it: balances and
      -- postings are written by one statement.
      with moved as (
        update ledger_accounts a set balance = a.balance + p_amounts[array_position(p_accounts, a.id)], updated_at = now()
          where a.id = any(p_accounts) returning a.id
      )
      insert into postings (entry_id, account_id, amount)
        select v_entry, v.id, v.d from unnest(p_accounts, p_amounts) with ordinality v(id, d, n) order by v.n;
      return query select v_entry, 'posted'::text;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function ledger_post(text, text, text, bigint, bigint[], bigint[], text[], boolean)`.execute(db);
  await sql`drop function ledger_account(text, uuid, text, text)`.execute(db);
}
