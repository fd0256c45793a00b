import type { Kysely, Selectable } from 'kysely';
import { pageWithTotal } from '../../db/paging.ts';
import type { DB } from '../../db/schema.ts';
import type { AdjustmentsTable, AdjustmentStatus } from '../../db/tables/money-desk.ts';

export type Adjustment = Selectable<AdjustmentsTable>;
export type DeskAdjustment = Adjustment & { member_phone: string | null };
export type AdjustmentFilter = { status: AdjustmentStatus | 'all'; memberId?: string; limit: number; offset: number };

/** Kysely stays here (docs/engineering.md, "House rules"): manual adjustments. */
export function createAdjustmentRepository(db: Kysely<DB>) {
  function filtered(filter: AdjustmentFilter) {
    let q = db.selectFrom('adjustments as a');
    if (filter.status !== 'all') q = q.where('a.status', '=', filter.status);
    if (filter.memberId) q = q.where('a.member_id', '=', filter.memberId);
    return q;
  }
  const withPhone = () =>
    db.selectFrom('adjustments as a').leftJoin('members as m', 'm.id', 'a.member_id').selectAll('a').select('m.phone as member_phone');

  return {
    async list(filter: AdjustmentFilter): Promise<{ rows: DeskAdjustment[]; total: number }> {
      return pageWithTotal(
        () => filtered(filter),
        (q) =>
          q
            .leftJoin('members as m', 'm.id', 'a.member_id')
            .selectAll('a')
            .select('m.phone as member_phone')
            .orderBy('a.proposed_at', 'desc')
            .orderBy('a.id', 'desc'),
        filter,
      );
    },

    find: (id: string): Promise<DeskAdjustment | undefined> => withPhone().where('a.id', '=', id).executeTakeFirst(),

    lock: (id: string): Promise<Adjustment | undefined> =>
      db.selectFrom('adjustments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    async insert(row: Adjustment): Promise<void> {
      await db.insertInto('adjustments').values(row).execute();
    },

    async decide(
      id: string,
      set: { status: 'posted' | 'rejected'; decidedBy: string; now: Date; entryId?: bigint; reason?: string },
    ): Promise<void> {
      await db
        .updateTable('adjustments')
        .set({
          status: set.status,
          decided_by: set.decidedBy,
          decided_at: set.now,
          entry_id: set.entryId ?? null,
          decision_reason: set.reason ?? null,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    async pendingCount(): Promise<number> {
      const row = await db
        .selectFrom('adjustments')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
