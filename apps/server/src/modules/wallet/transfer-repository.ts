import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TransfersTable, TransferStatus } from '../../db/tables/wallet.ts';
import { accountIdSql, ledgerPostSql, type PostOutcome } from '../../ledger/ledger-repository.ts';
import type { AccountRef } from '../../ledger/ledger-types.ts';

export type Transfer = Selectable<TransfersTable>;
export type NewTransfer = Insertable<TransfersTable>;

/** One side of a transfer's ledger entry: the account, and + (receives the amount) or - (gives it). */
export type TransferLeg = { account: AccountRef; sign: 1n | -1n };
type Posted = { entry_id: bigint | null; outcome: PostOutcome };
/** One transfer to settle in a batch (settleMany): its entry's kind moves the amount from one account to the other. */
export type BatchSettlement = { id: string; now: Date; kind: string; from: AccountRef; to: AccountRef; floorGame: boolean };

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
const columnList = sql.join(COLUMNS.map((c) => sql.ref(c)));
/** The row's values as typed parameters, for INSERT ... SELECT; `entryId` replaces entry_id when given. */
function columnValues(row: Transfer, entryId?: RawBuilder<unknown>) {
  return sql.join(COLUMNS.map((c) => (c === 'entry_id' && entryId ? entryId : sql`${row[c]}::${sql.raw(COLUMN_TYPES[c])}`)));
}

/** The end of a transfer at a game: the member's player name there, and the game's launch mode (its provider client). */
export type TransferEnd = { username: string; launch_mode: 'link' | 'form' };

/**
 * The member's account at the game, if a transfer in this direction may use
 * it: the account active, the game enabled (a disabled game still lets money
 * out). The same rule as GameAccess.transferTarget (game-access.ts), which
 * names the reason when this finds nothing; here it joins the transfer's own
 * statement, so a transfer makes no read of its own for it.
 */
function usableEndSql(memberId: string, gameCode: string, direction: Transfer['direction']) {
  const enabled = direction === 'from_game' ? sql`true` : sql`g.is_enabled`;
  return sql<TransferEnd>`select a.username, g.launch_mode from game_accounts a join games g on g.code = a.game_code
    where a.member_id = ${memberId}::uuid and a.game_code = ${gameCode} and a.status = 'active' and ${enabled}`;
}

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
     * Records a game -> wallet transfer if the member's account at its game is
     * usable for it (usableEndSql), in ONE statement: undefined, and nothing
     * written, when it is not.
     */
    async insertAtUsableEnd(row: Transfer): Promise<TransferEnd | undefined> {
      const { rows } = await sql<TransferEnd>`
        with e as (${usableEndSql(row.member_id, row.game_code, row.direction)}),
        ins as (insert into transfers (${columnList}) select ${columnValues(row)} from e)
        select username, launch_mode from e`.execute(db);
      return rows[0];
    },

    /**
     * Records a wallet -> game transfer together with the ledger entry that
     * starts it, in ONE statement (atomic without a transaction), if the
     * member's account at its game is usable for it (usableEndSql): the row is
     * written only when the entry posted; 'short' (the wallet cannot afford it)
     * writes neither; undefined, with nothing posted, when the account is not usable.
     */
    async insertWithEntry(row: Transfer, entry: { kind: string; legs: TransferLeg[] }): Promise<(Posted & TransferEnd) | undefined> {
      const post = ledgerPostSql({ kind: entry.kind, reference: row.id }, postings(entry.legs, sql`${row.amount}::bigint`));
      const { rows } = await sql<Posted & TransferEnd>`
        with e as (${usableEndSql(row.member_id, row.game_code, row.direction)}),
        p as (select l.* from e cross join lateral ${post} l),
        ins as (insert into transfers (${columnList}) select ${columnValues(row, sql`p.entry_id`)} from p where p.outcome = 'posted')
        select p.entry_id, p.outcome, e.username, e.launch_mode from e cross join p`.execute(db);
      return rows[0];
    },

    /**
     * PENDING -> SUCCESS with the entry that settles it, for many transfers in
     * ONE statement (function transfer_settle_batch: docs/games.md, "Settling in
     * batches"), one answer per settlement in order: undefined when the
     * transfer was settled already (nothing posted); else the entry's outcome,
     * the transfer left PENDING unless the entry is in the books.
     */
    async settleMany(settlements: readonly BatchSettlement[]): Promise<(Posted | undefined)[]> {
      const accounts = (side: 'from' | 'to') => {
        const refs = settlements.map((s) => s[side]);
        return sql`array(select ledger_account(a.kind, a.owner, a.code, a.currency)
          from unnest(${refs.map((r) => r.kind)}::text[], ${refs.map((r) => (r.kind === 'system' ? null : r.ownerId))}::uuid[],
            ${refs.map((r) => r.code)}::text[], ${refs.map((r) => r.currency)}::text[]) with ordinality a(kind, owner, code, currency, i)
          order by a.i)`;
      };
      const { rows } = await sql<{ ordinal: number; entry_id: bigint | null; outcome: PostOutcome | 'settled-before' }>`
        select ordinal, entry_id, outcome from transfer_settle_batch(
          ${settlements.map((s) => s.id)}::uuid[], ${settlements.map((s) => s.now.toISOString())}::timestamptz[],
          ${settlements.map((s) => s.kind)}::text[], ${accounts('from')}, ${accounts('to')},
          ${settlements.map((s) => s.floorGame)}::boolean[])`.execute(db);
      if (rows.length !== settlements.length)
        throw new Error(`transfer_settle_batch answered ${rows.length} rows for ${settlements.length}`);
      return rows
        .sort((a, b) => a.ordinal - b.ordinal)
        .map((r) => (r.outcome === 'settled-before' ? undefined : { entry_id: r.entry_id, outcome: r.outcome }));
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
