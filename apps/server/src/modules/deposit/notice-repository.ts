import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DepositNoticesTable } from '../../db/tables/deposit.ts';

export type DepositNotice = Selectable<DepositNoticesTable>;

/** Kysely stays here (docs/engineering.md, "House rules"): manual deposit notices. */
export function createNoticeRepository(db: Kysely<DB>) {
  return {
    async insert(notice: Omit<DepositNotice, 'status' | 'decided_at'>): Promise<DepositNotice> {
      return db.insertInto('deposit_notices').values({ ...notice, status: 'processing', decided_at: null }).returningAll().executeTakeFirstOrThrow();
    },
    async countProcessing(memberId: string): Promise<number> {
      const row = await db
        .selectFrom('deposit_notices')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('member_id', '=', memberId)
        .where('status', '=', 'processing')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    listProcessing(limit: number): Promise<DepositNotice[]> {
      return db.selectFrom('deposit_notices').selectAll().where('status', '=', 'processing').orderBy('created_at').limit(limit).execute();
    },
    /** Locked for the operator's decision: a concurrent confirm waits, then sees the outcome. */
    lock(id: string): Promise<DepositNotice | undefined> {
      return db.selectFrom('deposit_notices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },
    async decide(id: string, status: 'success' | 'failed', now: Date): Promise<void> {
      await db.updateTable('deposit_notices').set({ status, decided_at: now }).where('id', '=', id).execute();
    },
  };
}
