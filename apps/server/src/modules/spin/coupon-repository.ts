import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SpinCouponsTable } from '../../db/tables/spin.ts';

export type CouponRow = Selectable<SpinCouponsTable>;

/** Spin coupons and the member's coins they add; Kysely stays here. Pass the caller's transaction where money moves. */
export function createCouponRepository(db: Kysely<DB>) {
  return {
    page(memberId: string, offset: number, limit: number): Promise<CouponRow[]> {
      return db
        .selectFrom('spin_coupons')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async count(memberId: string): Promise<number> {
      const row = await db
        .selectFrom('spin_coupons')
        .select(sql<string>`count(*)`.as('n'))
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The member's coupon under a lock, so of parallel claims one wins. */
    lock(memberId: string, couponId: string): Promise<CouponRow | undefined> {
      return db
        .selectFrom('spin_coupons')
        .selectAll()
        .where('id', '=', couponId)
        .where('member_id', '=', memberId)
        .forUpdate()
        .executeTakeFirst();
    },

    insert(row: Insertable<SpinCouponsTable>): Promise<CouponRow> {
      return db.insertInto('spin_coupons').values(row).returningAll().executeTakeFirstOrThrow();
    },

    markClaimed(id: string, now: Date): Promise<CouponRow> {
      return db.updateTable('spin_coupons').set({ claimed_at: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    },

    async addCoins(memberId: string, coins: number): Promise<void> {
      await db
        .updateTable('members')
        .set({ coin: sql`coin + ${coins}` })
        .where('id', '=', memberId)
        .execute();
    },

    coinsOf(memberId: string): Promise<{ coin: number }> {
      return db.selectFrom('members').select('coin').where('id', '=', memberId).executeTakeFirstOrThrow();
    },
  };
}
