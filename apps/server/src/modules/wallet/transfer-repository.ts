import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TransfersTable, TransferStatus } from '../../db/tables/wallet.ts';

export type Transfer = Selectable<TransfersTable>;
export type NewTransfer = Insertable<TransfersTable>;

/**
 * The transfers table (Kysely stays here). `db` may be the caller's
 * transaction: settling a transfer and posting its ledger entry commit together.
 */
export function createTransferRepository(db: Kysely<DB>) {
  return {
    async insert(row: NewTransfer): Promise<void> {
      await db.insertInto('transfers').values(row).execute();
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

    async setEntry(id: string, entryId: bigint): Promise<void> {
      await db.updateTable('transfers').set({ entry_id: entryId }).where('id', '=', id).execute();
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
          .where('id', 'in', due.map((d) => d.id))
          .returningAll()
          .execute();
      });
    },

    /** Games with a transfer of this member in flight (refresh/slot must not read a half-moved balance). */
    async pendingGames(memberId: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('transfers')
        .select('game_code')
        .distinct()
        .where('member_id', '=', memberId)
        .where('status', '=', 'PENDING')
        .execute();
      return new Set(rows.map((r) => r.game_code));
    },
  };
}

export type TransferRepository = ReturnType<typeof createTransferRepository>;
