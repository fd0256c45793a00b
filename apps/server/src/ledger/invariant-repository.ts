import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The read-only queries behind checkInvariants; each answers only the rows that break a rule. */
export function createInvariantQueries(db: Kysely<DB>) {
  return {
    /** (1) Entries whose postings do not sum to zero, or that have fewer than two postings. */
    unbalancedEntries() {
      return sql<{ entry_id: bigint; total: bigint | null; postings: bigint }>`
        select e.id as entry_id, sum(p.amount)::bigint as total, count(p.id)::bigint as postings
        from journal_entries e left join postings p on p.entry_id = e.id
        group by e.id
        having coalesce(sum(p.amount), 0) <> 0 or count(p.id) < 2`
        .execute(db)
        .then((r) => r.rows);
    },

    /** Entries whose postings touch more than one currency. */
    mixedCurrencyEntries() {
      return sql<{ entry_id: bigint }>`
        select p.entry_id from postings p join ledger_accounts a on a.id = p.account_id
        group by p.entry_id having count(distinct a.currency) > 1`
        .execute(db)
        .then((r) => r.rows);
    },

    /** (2) Accounts whose cached balance differs from the sum of their postings. */
    staleBalances() {
      return sql<{ account_id: bigint; balance: bigint; posted: bigint }>`
        select a.id as account_id, a.balance, coalesce(s.posted, 0)::bigint as posted
        from ledger_accounts a
        left join (select account_id, sum(amount) as posted from postings group by account_id) s on s.account_id = a.id
        where a.balance <> coalesce(s.posted, 0)`
        .execute(db)
        .then((r) => r.rows);
    },

    /** (3) Member wallets below zero. */
    negativeWallets() {
      return db
        .selectFrom('ledger_accounts')
        .select(['id as account_id', 'balance'])
        .where('kind', '=', 'wallet')
        .where('balance', '<', 0n)
        .execute();
    },

    /** How much the check covered: entries, postings and accounts (ledger-check.ts prints them). */
    async figures() {
      const { rows } = await sql<{ entries: bigint; postings: bigint; accounts: bigint; currencies: string[] | null }>`
        select (select count(*) from journal_entries)::bigint as entries, (select count(*) from postings)::bigint as postings,
               (select count(*) from ledger_accounts)::bigint as accounts,
               (select array_agg(distinct currency order by currency) from ledger_accounts) as currencies`.execute(db);
      const row = rows[0];
      return {
        entries: row?.entries ?? 0n,
        postings: row?.postings ?? 0n,
        accounts: row?.accounts ?? 0n,
        currencies: row?.currencies ?? [],
      };
    },

    /** (4) Currencies whose accounts do not sum to zero. */
    nonZeroCurrencies() {
      return sql<{ currency: string; total: bigint }>`
        select currency, sum(balance)::bigint as total from ledger_accounts
        group by currency having sum(balance) <> 0`
        .execute(db)
        .then((r) => r.rows);
    },
  };
}
