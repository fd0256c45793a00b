import type { Kysely, Selectable } from 'kysely';
import { pageWithTotal } from '../../db/paging.ts';
import type { DB } from '../../db/schema.ts';
import type { DepositNoticesTable } from '../../db/tables/deposit.ts';

export type DepositNotice = Selectable<DepositNoticesTable>;
export type NoticeFilter = { status: DepositNotice['status'] | 'all'; limit: number; offset: number };

/** Kysely stays here (docs/engineering.md, "House rules"): manual deposit notices. */
export function createNoticeRepository(db: Kysely<DB>) {
  return {
    async insert(notice: Pick<DepositNotice, 'id' | 'member_id' | 'currency' | 'amount' | 'created_at'>): Promise<DepositNotice> {
      return db
        .insertInto('deposit_notices')
        .values({
          ...notice,
          status: 'processing',
          decided_at: null,
          proposed_by: null,
          proposed_at: null,
          decided_by: null,
          four_eyes_reason: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
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
    /** The back office's list (docs/money-desk.md, "Manual deposits"): the queue oldest first, decided ones newest first. */
    async list(filter: NoticeFilter): Promise<{ rows: (DepositNotice & { member_phone: string | null })[]; total: number }> {
      const scoped = () =>
        filter.status === 'all'
          ? db.selectFrom('deposit_notices as n')
          : db.selectFrom('deposit_notices as n').where('n.status', '=', filter.status);
      const queue = filter.status === 'processing';
      return pageWithTotal(
        scoped,
        (q) =>
          q
            .leftJoin('members as m', 'm.id', 'n.member_id')
            .selectAll('n')
            .select('m.phone as member_phone')
            .orderBy('n.created_at', queue ? 'asc' : 'desc')
            .orderBy('n.id', queue ? 'asc' : 'desc'),
        filter,
      );
    },
    /** Locked for the operator's decision: a concurrent confirm waits, then sees the outcome. */
    lock(id: string): Promise<DepositNotice | undefined> {
      return db.selectFrom('deposit_notices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },
    decide(id: string, status: 'success' | 'failed', now: Date, decidedBy: string | null): Promise<DepositNotice> {
      return db
        .updateTable('deposit_notices')
        .set({ status, decided_at: now, decided_by: decidedBy })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /**
     * The operator whose credit this is (their day's total, docs/money-desk.md
     * "Four eyes"); with a reason, a proposal that waits for a second operator.
     */
    async markMaker(id: string, operatorId: string, now: Date, fourEyesReason: DepositNotice['four_eyes_reason']): Promise<DepositNotice> {
      return db
        .updateTable('deposit_notices')
        .set({ proposed_by: operatorId, proposed_at: now, four_eyes_reason: fourEyesReason })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
