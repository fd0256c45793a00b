import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TransfersTable, TransferStatus } from '../../db/tables/wallet.ts';
import { accountIdSql, ledgerPostSql, type PostOptions, type PostOutcome } from '../../ledger/ledger-repository.ts';
import type { AccountRef } from '../../ledger/ledger-types.ts';

export type Transfer = Selectable<TransfersTable>;
export type NewTransfer = Insertable<TransfersTable>;

/** One side of a transfer's ledger entry: the account, and + (receives the amount) or - (gives it). */
export type TransferLeg = { account: AccountRef; sign: 1n | -1n };
type Posted = { entry_id: bigint | null; outcome: PostOutcome };

/** The columns of a transfer row with their SQL types: an INSERT ... SELECT needs its parameters typed. */
const COLUMN_TYPES = {
  id: 'uuid',
  group_id: 'uuid',
  member_id: 'uuid',
  game_code: 'text',
  direction: 'text',
  amount: 'bigint',
  currency: 'text',
  status: 'text',
  provider_transfer_id: 'text',
  entry_id: 'bigint',
  reason: 'text',
  attempts: 'integer',
  next_check_at: 'timestamptz',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  settled_at: 'timestamptz',
  idempotency_key: 'text',
} as const satisfies Record<keyof Transfer, string>;
const COLUMNS = Object.keys(COLUMN_TYPES) as (keyof Transfer)[];

/** The postings of a leg list, the amount being an SQL expression (a parameter or a column of the settled row). */
function postings(legs: TransferLeg[], amount: RawBuilder<bigint>) {
  return legs.map((leg) => ({ account: accountIdSql(leg.account), amount: leg.sign === 1n ? amount : sql<bigint>`-${amount}` }));
}

/**
 * The transfers table (Kysely stays here). `db` may be the caller's
 * transaction: settling a transfer and posting its ledger entry commit together.
 */
export function createTransferRepository(db: Kysely<DB>) {
  return {
    async insert(row: NewTransfer): Promise<void> {
      await db.insertInto('transfers').values(row).execute();
    },

    /**
     * Records a transfer together with the ledger entry that starts it, in ONE
     * statement (atomic without a transaction): the row is written only when
     * the entry posted; 'short' (the wallet cannot afford it) writes neither.
     */
    async insertWithEntry(row: Transfer, entry: { kind: string; legs: TransferLeg[] }): Promise<Posted> {
      const post = ledgerPostSql({ kind: entry.kind, reference: row.id }, postings(entry.legs, sql`${row.amount}::bigint`));
      const values = sql.join(COLUMNS.map((c) => (c === 'entry_id' ? sql`p.entry_id` : sql`${row[c]}::${sql.raw(COLUMN_TYPES[c])}`)));
      const { rows } = await sql<Posted>`
        with p as (select * from ${post}),
        ins as (insert into transfers (${sql.join(COLUMNS.map((c) => sql.ref(c)))}) select ${values} from p where p.outcome = 'posted')
        select entry_id, outcome from p`.execute(db);
      const posted = rows[0];
      if (!posted) throw new Error('ledger_post answered no row');
      return posted;
    },

    /**
     * PENDING -> `status` and the entry that settles it, in ONE statement:
     * undefined when the transfer was settled already (nothing posted). With
     * `raiseShort`, a leg below its floor rolls the whole statement back.
     */
    async settleWithEntry(
      id: string,
      settle: { status: Exclude<TransferStatus, 'PENDING'>; reason: string | null; now: Date },
      entry: { kind: string; legs: TransferLeg[] },
      options?: PostOptions,
    ): Promise<Posted | undefined> {
      const post = ledgerPostSql({ kind: entry.kind, reference: id }, postings(entry.legs, sql`s.amount`), options);
      const { rows } = await sql<Posted>`
        with s as (
          update transfers set status = ${settle.status}, reason = ${settle.reason}, settled_at = ${settle.now}, updated_at = ${settle.now}
          where id = ${id} and status = 'PENDING' returning amount
        )
        select p.entry_id, p.outcome from s cross join lateral ${post} p`.execute(db);
      return rows[0];
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
