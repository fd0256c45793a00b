import { sql, type Kysely, type Selectable } from 'kysely';
import type { SlipNoteCode } from '@jetton/contract/errors';
import type { DB } from '../../db/schema.ts';
import type { SlipsTable } from '../../db/tables/deposit.ts';

export type Slip = Selectable<SlipsTable>;
export type SlipOutcome = { status: 'success'; amount: bigint } | { status: 'failed'; note: SlipNoteCode };

/**
 * A transaction-scoped advisory lock per member for slip uploads: the count of
 * processing slips and the insert happen as one step across every node.
 */
export async function lockMemberSlips(trx: Kysely<DB>, memberId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`slips:${memberId}`}, 0))`.execute(trx);
}

/** Kysely stays here (docs/engineering.md, "House rules"): the slips table. */
export function createSlipRepository(db: Kysely<DB>) {
  return {
    async insert(slip: { id: string; memberId: string; storageKey: string; contentType: string; now: Date }): Promise<Slip> {
      return db
        .insertInto('slips')
        .values({
          id: slip.id,
          member_id: slip.memberId,
          storage_key: slip.storageKey,
          content_type: slip.contentType,
          note: null,
          amount: null,
          trans_ref: null,
          sending_bank: null,
          claimed_until: null,
          created_at: slip.now,
          updated_at: slip.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async countProcessing(memberId: string): Promise<number> {
      const row = await db
        .selectFrom('slips')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('member_id', '=', memberId)
        .where('status', '=', 'processing')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The member's own slip (authorization in the query: another member's id finds nothing). */
    findOwned(memberId: string, id: string): Promise<Slip | undefined> {
      return db.selectFrom('slips').selectAll().where('id', '=', id).where('member_id', '=', memberId).executeTakeFirst();
    },

    findById(id: string): Promise<Slip | undefined> {
      return db.selectFrom('slips').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The slip's status, row locked until the transaction ends (an operator's decision and the verifier's credit meet here). */
    async lockStatus(id: string): Promise<Slip['status'] | undefined> {
      const row = await db.selectFrom('slips').select('status').where('id', '=', id).forUpdate().executeTakeFirst();
      return row?.status;
    },

    listOwned(memberId: string, page: { offset: number; limit: number }): Promise<Slip[]> {
      return db
        .selectFrom('slips')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
    },

    /**
     * Leases up to `limit` processing slips to this verifier: FOR UPDATE SKIP
     * LOCKED in one short transaction, so several nodes share the queue without
     * waiting on each other, and the bank is called after the commit (never
     * inside a transaction). A crashed verifier's lease simply runs out.
     */
    async claim(now: Date, leaseMs: number, limit: number): Promise<Slip[]> {
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('slips')
          .select('id')
          .where('status', '=', 'processing')
          .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
          .orderBy('created_at')
          .limit(limit)
          .forUpdate()
          .skipLocked()
          .execute();
        if (rows.length === 0) return [];
        return trx
          .updateTable('slips')
          .set({ claimed_until: new Date(now.getTime() + leaseMs), attempts: sql`attempts + 1`, updated_at: now })
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .returningAll()
          .execute();
      });
    },

    async recordReference(id: string, ref: { transRef: string; sendingBank: string }, now: Date): Promise<void> {
      await db
        .updateTable('slips')
        .set({ trans_ref: ref.transRef, sending_bank: ref.sendingBank, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Whether another slip already credited this reference. Failed slips keep
     * their reference for the record but block nobody; the ledger's unique
     * reference still makes two racing credits one.
     */
    /**
     * Whether the site's watch on its account (automatic deposits, docs/auto-deposit.md) already credited
     * this transfer to this member: the slip then proves a deposit that is in the wallet.
     */
    async autoCreditedTo(transRef: string, memberId: string): Promise<boolean> {
      const row = await db
        .selectFrom('incoming_deposits')
        .select('id')
        .where('bank_ref', '=', transRef)
        .where('member_id', '=', memberId)
        .where('status', '=', 'credited')
        .executeTakeFirst();
      return row !== undefined;
    },
    async referenceSeen(transRef: string, exceptId: string): Promise<boolean> {
      const row = await db
        .selectFrom('slips')
        .select('id')
        .where('trans_ref', '=', transRef)
        .where('id', '<>', exceptId)
        // Only a credited slip owns its reference (docs/security.md, "Slips"): a stranger's failed upload of
        // someone else's slip is recorded but must not stop the real owner's credit.
        .where('status', '=', 'success')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Ends a processing slip; false when it was no longer processing (someone else finished it). */
    async finish(id: string, outcome: SlipOutcome, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('slips')
        .set({
          status: outcome.status,
          note: outcome.status === 'failed' ? outcome.note : null,
          amount: outcome.status === 'success' ? outcome.amount : null,
          claimed_until: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .executeTakeFirst();
      return (result.numUpdatedRows ?? 0n) > 0n;
    },

    /** Keeps the slip processing and lets the verifier try it again from `retryAt`. */
    async retryLater(id: string, retryAt: Date, now: Date): Promise<void> {
      await db.updateTable('slips').set({ claimed_until: retryAt, updated_at: now }).where('id', '=', id).execute();
    },
  };
}

export type SlipRepository = ReturnType<typeof createSlipRepository>;
