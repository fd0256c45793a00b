import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { AccountId, AccountRef, Posting } from './ledger-types.ts';

export type PostOutcome = 'posted' | 'duplicate' | 'short' | 'missing-account' | 'mixed-currency';

export type PostOptions = {
  /** Account kinds that may not end below zero; member wallets always. */
  floorKinds?: readonly ('wallet' | 'game')[];
};

/** One entry of a batch (postBatch): its postings are validated by the caller, as for post. */
export type BatchEntry = {
  kind: string;
  memo?: string;
  reference?: string | null;
  postings: Posting[];
  floorKinds?: PostOptions['floorKinds'];
};

/** The id of an account, created on first use, as an SQL expression (function ledger_account, migration 0008). */
export function accountIdSql(ref: AccountRef): RawBuilder<AccountId> {
  const owner = ref.kind === 'system' ? null : ref.ownerId;
  return sql<AccountId>`ledger_account(${ref.kind}, ${owner}::uuid, ${ref.code}, ${ref.currency})`;
}

/**
 * The call of function ledger_post (migration 0008) as a row source
 * `(entry_id, outcome)`. Accounts are ids or SQL expressions (accountIdSql), so
 * a caller can resolve accounts, post and write its own row in ONE statement.
 */
export function ledgerPostSql(
  entry: { kind: string; memo?: string; reference?: string | null; reversesEntryId?: bigint | null },
  postings: { account: AccountId | RawBuilder<AccountId>; amount: bigint | RawBuilder<bigint> }[],
  options: PostOptions = {},
): RawBuilder<{ entry_id: bigint | null; outcome: PostOutcome }> {
  const accounts = sql.join(postings.map((p) => (typeof p.account === 'bigint' ? sql`${p.account}::bigint` : p.account)));
  const amounts = sql.join(postings.map((p) => (typeof p.amount === 'bigint' ? sql`${p.amount}::bigint` : p.amount)));
  const floors = ['wallet', ...(options.floorKinds ?? []).filter((k) => k !== 'wallet')];
  return sql`ledger_post(${entry.kind}, ${entry.memo ?? ''}, ${entry.reference ?? null}::text, ${entry.reversesEntryId ?? null}::bigint,
    array[${accounts}]::bigint[], array[${amounts}]::bigint[], array[${sql.join(floors)}]::text[], false)`;
}

/**
 * Kysely stays here (docs/engineering.md, "House rules"). `db` is the caller's transaction whenever
 * it reads to decide a movement; nothing in this file opens a transaction.
 */
export function createLedgerRepository(db: Kysely<DB>) {
  return {
    /** The account's id, created on first use; safe under concurrency (one round trip). */
    async accountId(ref: AccountRef): Promise<AccountId> {
      const { rows } = await sql<{ id: AccountId }>`select ${accountIdSql(ref)} as id`.execute(db);
      const id = rows[0]?.id;
      if (id === undefined || id === null) throw new Error(`account ${ref.code} could not be created`);
      return id;
    },

    /** The cached balance of an account by its owner and code; undefined for an account never used (one read). */
    async balanceOf(ref: AccountRef): Promise<bigint | undefined> {
      const row = await db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('code', '=', ref.code)
        .where('currency', '=', ref.currency)
        .$call((q) => (ref.kind === 'system' ? q.where('owner_id', 'is', null) : q.where('owner_id', '=', ref.ownerId)))
        .executeTakeFirst();
      return row?.balance;
    },

    /** One entry through ledger_post: atomic on its own, or part of the caller's transaction. */
    async post(
      entry: { kind: string; memo?: string; reference?: string | null; reversesEntryId?: bigint | null },
      postings: Posting[],
      options?: PostOptions,
    ): Promise<{ entryId: bigint | null; outcome: PostOutcome }> {
      const { rows } = await sql<{
        entry_id: bigint | null;
        outcome: PostOutcome;
      }>`select * from ${ledgerPostSql(entry, postings, options)}`.execute(db);
      const row = rows[0];
      if (!row) throw new Error('ledger_post answered no row');
      return { entryId: row.entry_id, outcome: row.outcome };
    },

    /**
     * Entries through ledger_post_batch (migration 0047): one statement, so one
     * transaction and one commit for all of them; outcomes in input order.
     */
    async postBatch(entries: BatchEntry[]): Promise<{ entryId: bigint | null; outcome: PostOutcome }[]> {
      const { rows } = await sql<{ ordinal: number; entry_id: bigint | null; outcome: PostOutcome }>`
        select ordinal, entry_id, outcome from ledger_post_batch(
          ${entries.map((e) => e.kind)}::text[], ${entries.map((e) => e.memo ?? '')}::text[],
          ${entries.map((e) => e.reference ?? null)}::text[], ${entries.map((e) => e.postings.length)}::int[],
          ${entries.flatMap((e) => e.postings.map((p) => String(p.account)))}::bigint[],
          ${entries.flatMap((e) => e.postings.map((p) => String(p.amount)))}::bigint[],
          ${entries.map((e) => e.floorKinds?.includes('game') ?? false)}::boolean[])`.execute(db);
      if (rows.length !== entries.length) throw new Error(`ledger_post_batch answered ${rows.length} rows for ${entries.length}`);
      return rows.sort((a, b) => a.ordinal - b.ordinal).map((r) => ({ entryId: r.entry_id, outcome: r.outcome }));
    },

    async findEntry(id: bigint) {
      return db.selectFrom('journal_entries').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async entryPostings(entryId: bigint): Promise<Posting[]> {
      const rows = await db.selectFrom('postings').select(['account_id', 'amount']).where('entry_id', '=', entryId).orderBy('id').execute();
      return rows.map((r) => ({ account: r.account_id, amount: r.amount }));
    },

    /** The balance with the account's row locked until the caller's transaction ends (read, then decide, then post). */
    async lockedBalance(id: AccountId): Promise<bigint | undefined> {
      const row = await db.selectFrom('ledger_accounts').select('balance').where('id', '=', id).forUpdate().executeTakeFirst();
      return row?.balance;
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
