import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TransfersTable, TransferStatus } from '../../db/tables/wallet.ts';
import { accountIdSql, ledgerPostSql, type PostOutcome } from '../../ledger/ledger-repository.ts';
import type { AccountRef } from '../../ledger/ledger-types.ts';
import { accountIdsSql, columnList, inMemberOrder, rowColumns, rowsSql, USABLE_ENDS, type TransferEnd } from './transfer-batch-sql.ts';

export type { TransferEnd } from './transfer-batch-sql.ts';

export type Transfer = Selectable<TransfersTable>;
export type NewTransfer = Insertable<TransfersTable>;

type Posted = { entry_id: bigint | null; outcome: PostOutcome };
/** One transfer to settle in a batch (settleMany): its entry's kind moves the amount from one account to the other. */
export type BatchSettlement = {
  id: string;
  memberId: string;
  now: Date;
  kind: string;
  from: AccountRef;
  to: AccountRef;
  floorGame: boolean;
};
/** A wallet -> game transfer's row and the entry that starts it, moving its amount from one account to the other. */
export type TransferDebit = { row: Transfer; kind: string; from: AccountRef; to: AccountRef };

/**
 * The transfers table (Kysely stays here). `db` may be the caller's
 * transaction: settling a transfer and posting its ledger entry commit together.
 */
export function createTransferRepository(db: Kysely<DB>) {
  /** One debit of insertManyWithEntries, the same rules in one statement around ledger_post. */
  async function insertWithEntry(debit: TransferDebit): Promise<(Posted & TransferEnd) | undefined> {
    const amount = sql<bigint>`${debit.row.amount}::bigint`;
    const post = ledgerPostSql({ kind: debit.kind, reference: debit.row.id }, [
      { account: accountIdSql(debit.from), amount: sql<bigint>`-${amount}` },
      { account: accountIdSql(debit.to), amount },
    ]);
    const { rows } = await sql<Posted & TransferEnd>`
      with r as (${rowsSql([debit.row])}), e as (${USABLE_ENDS}),
      p as (select l.* from e cross join lateral ${post} l),
      ins as (insert into transfers (${columnList}) select ${rowColumns(sql`p.entry_id`)} from r cross join p where p.outcome = 'posted')
      select p.entry_id, p.outcome, e.username, e.launch_mode from e cross join p`.execute(db);
    return rows[0];
  }

  /**
   * One settlement of settleMany, the same rules in one statement around
   * ledger_post: the row locked while PENDING, its entry posted, and the row
   * marked SUCCESS only when the entry is in the books.
   */
  async function settleWithEntry(settlement: BatchSettlement): Promise<Posted | undefined> {
    const post = ledgerPostSql(
      { kind: settlement.kind, reference: settlement.id },
      [
        { account: accountIdSql(settlement.from), amount: sql<bigint>`-s.amount` },
        { account: accountIdSql(settlement.to), amount: sql<bigint>`s.amount` },
      ],
      { floorKinds: settlement.floorGame ? ['game'] : [] },
    );
    const { rows } = await sql<Posted>`
      with s as (select amount from transfers where id = ${settlement.id} and status = 'PENDING' for update),
      p as (select l.* from s cross join lateral ${post} l),
      settled as (
        update transfers set status = 'SUCCESS', reason = null, settled_at = ${settlement.now}, updated_at = ${settlement.now}
        from p where id = ${settlement.id} and p.outcome in ('posted', 'duplicate')
      )
      select entry_id, outcome from p`.execute(db);
    return rows[0];
  }

  return {
    async insert(row: NewTransfer): Promise<void> {
      await db.insertInto('transfers').values(row).execute();
    },

    /**
     * Records game -> wallet transfers whose member's account at their game is
     * usable for them (USABLE_ENDS), in ONE statement, one answer per row in
     * order: its end, or undefined, the row not written, when not usable.
     */
    async insertManyAtUsableEnd(rows: readonly Transfer[]): Promise<(TransferEnd | undefined)[]> {
      return inMemberOrder(
        rows,
        (row) => row.member_id,
        async (sorted) => {
          const { rows: found } = await sql<TransferEnd & { n: string }>`
          with r as (${rowsSql(sorted)}), e as (${USABLE_ENDS}),
          ins as (insert into transfers (${columnList}) select ${rowColumns(sql`r.entry_id`)} from r join e using (n) order by r.n)
          select n, username, launch_mode from e`.execute(db);
          const ends = new Map(found.map(({ n, ...end }) => [Number(n), end]));
          return sorted.map((_, i) => ends.get(i + 1));
        },
      );
    },

    /**
     * Records wallet -> game transfers together with the ledger entries that
     * start them (each moving its amount `from` -> `to`), in ONE statement
     * (atomic without a transaction), one answer per debit in order. A row
     * whose member's account at its game is not usable (USABLE_ENDS) posts
     * nothing: undefined. The others' entries go through ledger_post_batch
     * (every account locked in ascending id first, as one posting locks its
     * own), each with its own outcome; a row is written only when its entry
     * posted, and 'short' (the wallet cannot afford it) writes neither. A
     * statement that fails (a second first leg under one Idempotency-Key)
     * writes nothing at all.
     */
    async insertManyWithEntries(debits: readonly TransferDebit[]): Promise<((Posted & TransferEnd) | undefined)[]> {
      // A lone debit (light traffic) costs less through ledger_post than through the batch's set-based checks.
      const [lone] = debits;
      if (debits.length === 1 && lone) return [await insertWithEntry(lone)];
      return inMemberOrder(
        debits,
        (d) => d.row.member_id,
        async (sorted) => {
          const { rows } = await sql<Posted & TransferEnd & { n: string }>`
        with r as (${rowsSql(sorted.map((d) => d.row))}),
        e as (${USABLE_ENDS}),
        ns as (select array_agg(e.n order by e.n) as ns from e),
        accounts as (select ${accountIdsSql(sorted.map((d) => d.from))} as f, ${accountIdsSql(sorted.map((d) => d.to))} as t),
        p as (
          select ns.ns[x.ordinal] as n, x.entry_id, x.outcome
          from (select ns from ns where ns is not null) ns cross join accounts cross join lateral ledger_post_batch(
            array(select (${sorted.map((d) => d.kind)}::text[])[e.n] from e order by e.n),
            array(select ''::text from e order by e.n),
            array(select r.id::text from e join r using (n) order by e.n),
            array(select 2 from e order by e.n),
            array(select s.a from e cross join lateral unnest(array[accounts.f[e.n], accounts.t[e.n]]) with ordinality s(a, j)
                  order by e.n, s.j),
            array(select s.m from e join r using (n) cross join lateral unnest(array[-r.amount, r.amount]) with ordinality s(m, j)
                  order by e.n, s.j),
            array(select false from e order by e.n)) x
        ),
        ins as (insert into transfers (${columnList}) select ${rowColumns(sql`p.entry_id`)} from r join p using (n) where p.outcome = 'posted' order by r.n)
        select e.n, p.entry_id, p.outcome, e.username, e.launch_mode from e join p using (n)`.execute(db);
          const posted = new Map(rows.map(({ n, ...row }) => [Number(n), row]));
          return sorted.map((_, i) => posted.get(i + 1));
        },
      );
    },

    /**
     * PENDING -> SUCCESS with the entry that settles it, for many transfers in
     * ONE statement (function transfer_settle_batch: docs/games.md, "Settling in
     * batches"), one answer per settlement in order: undefined when the
     * transfer was settled already (nothing posted); else the entry's outcome,
     * the transfer left PENDING unless the entry is in the books.
     */
    async settleMany(settlements: readonly BatchSettlement[]): Promise<(Posted | undefined)[]> {
      const [lone] = settlements;
      if (settlements.length === 1 && lone) return [await settleWithEntry(lone)];
      return inMemberOrder(
        settlements,
        (s) => s.memberId,
        async (sorted) => {
          const { rows } = await sql<{ ordinal: number; entry_id: bigint | null; outcome: PostOutcome | 'settled-before' }>`
        select ordinal, entry_id, outcome from transfer_settle_batch(
          ${sorted.map((s) => s.id)}::uuid[], ${sorted.map((s) => s.now.toISOString())}::timestamptz[],
          ${sorted.map((s) => s.kind)}::text[], ${accountIdsSql(sorted.map((s) => s.from))},
          ${accountIdsSql(sorted.map((s) => s.to))}, ${sorted.map((s) => s.floorGame)}::boolean[])`.execute(db);
          if (rows.length !== sorted.length) throw new Error(`transfer_settle_batch answered ${rows.length} rows for ${sorted.length}`);
          return rows
            .sort((a, b) => a.ordinal - b.ordinal)
            .map((r) => (r.outcome === 'settled-before' ? undefined : { entry_id: r.entry_id, outcome: r.outcome }));
        },
      );
    },

    find(id: string): Promise<Transfer | undefined> {
      return db.selectFrom('transfers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * PENDING -> SUCCESS or FAILED, once: of the request and the reconciliation
     * job racing for the same transfer, exactly one gets the row back and posts.
     */
    async settle(id: string, status: Exclude<TransferStatus, 'PENDING'>, reason: string | null, now: Date): Promise<Transfer | undefined> {
      return db
        .updateTable('transfers')
        .set({ status, reason, settled_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .returningAll()
        .executeTakeFirst();
    },

    /** The provider's answer was lost: note why, and when reconciliation may look. */
    async noteUnknown(id: string, reason: string, nextCheckAt: Date, now: Date): Promise<void> {
      await db
        .updateTable('transfers')
        .set({ reason, next_check_at: nextCheckAt, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .execute();
    },

    /**
     * Claims due PENDING transfers for one reconciliation pass. FOR UPDATE SKIP
     * LOCKED lets every node run the job: each row goes to one claimer, and the
     * lease (next_check_at moved forward) keeps it theirs after this short
     * transaction commits, while they talk to the provider outside any transaction.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<Transfer[]> {
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('transfers')
          .select('id')
          .where('status', '=', 'PENDING')
          .where('next_check_at', '<=', now)
          .orderBy('next_check_at')
          .limit(limit)
          .forUpdate()
          .skipLocked()
          .execute();
        if (due.length === 0) return [];
        return trx
          .updateTable('transfers')
          .set((eb) => ({ next_check_at: leaseUntil, attempts: eb('attempts', '+', 1), updated_at: now }))
          .where(
            'id',
            'in',
            due.map((d) => d.id),
          )
          .returningAll()
          .execute();
      });
    },

    /** Every leg of the transfer a request started under its Idempotency-Key, first leg first; [] when it started none. */
    async legsOfKey(memberId: string, key: string): Promise<Transfer[]> {
      return db
        .selectFrom('transfers')
        .selectAll()
        .where('group_id', '=', (eb) =>
          eb.selectFrom('transfers').select('id').where('member_id', '=', memberId).where('idempotency_key', '=', key),
        )
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /**
     * Whether a provider balance read that began at `since` may not show this
     * member's game as the ledger does: a transfer with it is in flight, or one
     * started after the read began. A refresh books a win or loss only when not
     * (docs/faults.md, "Observations").
     */
    async movedSince(memberId: string, gameCode: string, since: Date): Promise<boolean> {
      const row = await db
        .selectFrom('transfers')
        .select('id')
        .where('member_id', '=', memberId)
        .where('game_code', '=', gameCode)
        // Strictly after: one started in the same millisecond is still caught while PENDING, and once settled by its posting.
        .where((eb) => eb.or([eb('status', '=', 'PENDING'), eb('created_at', '>', since)]))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Whether money sent to this member's game is still unconfirmed (a PENDING
     * wallet -> game transfer): the provider may hold it, and pay it out, before
     * the ledger's game account shows it.
     */
    async depositInFlight(memberId: string, gameCode: string): Promise<boolean> {
      const row = await db
        .selectFrom('transfers')
        .select('id')
        .where('member_id', '=', memberId)
        .where('game_code', '=', gameCode)
        .where('status', '=', 'PENDING')
        .where('direction', '=', 'to_game')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type TransferRepository = ReturnType<typeof createTransferRepository>;
