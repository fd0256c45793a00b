import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { AccountId, AccountRef, LedgerCurrency, Posting } from './ledger-types.ts';

type LockedAccount = { id: AccountId; kind: string; currency: LedgerCurrency };

/**
 * Kysely stays here (house style 3). `db` is the caller's transaction whenever
 * money moves; nothing in this file opens a transaction of its own.
 */
export function createLedgerRepository(db: Kysely<DB>) {
  return {
    async findAccountId(ref: AccountRef): Promise<AccountId | undefined> {
      const row = await db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('code', '=', ref.code)
        .where('currency', '=', ref.currency)
        .$call((q) => (ref.kind === 'system' ? q.where('owner_id', 'is', null) : q.where('owner_id', '=', ref.ownerId)))
        .executeTakeFirst();
      return row?.id;
    },

    /** Creates the account unless it exists; a concurrent creator is absorbed by the unique constraint. */
    async insertAccountIfMissing(ref: AccountRef): Promise<AccountId | undefined> {
      const row = await db
        .insertInto('ledger_accounts')
        .values({ kind: ref.kind, owner_id: ref.kind === 'system' ? null : ref.ownerId, code: ref.code, currency: ref.currency })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    /**
     * Inserts the entry header; undefined when its kind + reference (or the
     * reversal of the same entry) already exists, in which case nothing else may move.
     */
    async insertEntry(entry: { kind: string; memo: string; reference: string | null; reversesEntryId: bigint | null }): Promise<bigint | undefined> {
      const row = await db
        .insertInto('journal_entries')
        .values({ kind: entry.kind, memo: entry.memo, reference: entry.reference, reverses_entry_id: entry.reversesEntryId })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    async findEntryId(by: { kind: string; reference: string } | { reversesEntryId: bigint }): Promise<bigint | undefined> {
      const row = await db
        .selectFrom('journal_entries')
        .select('id')
        .$call((q) =>
          'reversesEntryId' in by
            ? q.where('reverses_entry_id', '=', by.reversesEntryId)
            : q.where('kind', '=', by.kind).where('reference', '=', by.reference),
        )
        .executeTakeFirst();
      return row?.id;
    },

    async deleteEntry(id: bigint): Promise<void> {
      await db.deleteFrom('journal_entries').where('id', '=', id).execute();
    },

    async findEntry(id: bigint) {
      return db.selectFrom('journal_entries').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Row locks in ascending id order, so two entries touching the same accounts never deadlock. */
    async lockAccounts(ids: AccountId[]): Promise<LockedAccount[]> {
      return db
        .selectFrom('ledger_accounts')
        .select(['id', 'kind', 'currency'])
        .where('id', 'in', ids)
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    /**
     * Applies every delta in ONE statement, all or nothing: the condition is
     * evaluated in SQL on rows this transaction has locked, so no member wallet
     * can end below zero whatever runs concurrently. Returns how many rows moved
     * (0 when any wallet would go negative).
     */
    async applyDeltas(deltas: Map<AccountId, bigint>): Promise<number> {
      const values = sql.join([...deltas].map(([id, d]) => sql`(${id}::bigint, ${d}::bigint)`));
      const result = await sql<{ id: AccountId }>`
        with v(id, d) as (values ${values}),
        short as (
          select 1 from ledger_accounts a join v on a.id = v.id
          where a.kind = 'wallet' and a.balance + v.d < 0
        )
        update ledger_accounts a
        set balance = a.balance + v.d, updated_at = now()
        from v
        where a.id = v.id and not exists (select 1 from short)
        returning a.id`.execute(db);
      return result.rows.length;
    },

    async insertPostings(entryId: bigint, postings: Posting[]): Promise<void> {
      await db
        .insertInto('postings')
        .values(postings.map((p) => ({ entry_id: entryId, account_id: p.account, amount: p.amount })))
        .execute();
    },

    async entryPostings(entryId: bigint): Promise<Posting[]> {
      const rows = await db
        .selectFrom('postings')
        .select(['account_id', 'amount'])
        .where('entry_id', '=', entryId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ account: r.account_id, amount: r.amount }));
    },

    async balance(id: AccountId): Promise<bigint | undefined> {
      const row = await db.selectFrom('ledger_accounts').select('balance').where('id', '=', id).executeTakeFirst();
      return row?.balance;
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
