import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { BonusStatus, MemberBonusesTable } from '../../db/tables/rewards.ts';

export type MemberBonus = Selectable<MemberBonusesTable>;
export type Currency = MemberBonus['currency'];

/** Members' bonuses and the rows a bonus change locks or reads; Kysely stays here. Pass the caller's transaction where money moves. */
export function createMemberBonusRepository(db: Kysely<DB>) {
  return {
    /** The member's row under a lock (serializes a member's bonus changes). */
    lockMember(memberId: string): Promise<{ currency: Currency; bank_account_no: string; phone: string } | undefined> {
      return db
        .selectFrom('members')
        .select(['currency', 'bank_account_no', 'phone'])
        .where('id', '=', memberId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** The member's currency (no lock: for reading the rules a list is shown in). */
    async currencyOf(memberId: string): Promise<Currency | undefined> {
      const row = await db.selectFrom('members').select('currency').where('id', '=', memberId).executeTakeFirst();
      return row?.currency;
    },

    active(memberId: string): Promise<MemberBonus | undefined> {
      return db
        .selectFrom('member_bonuses')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('status', '=', 'active')
        .executeTakeFirst();
    },

    /** The member's active bonus that had started when a round was played. */
    activeAt(memberId: string, playedAt: Date) {
      return db
        .selectFrom('member_bonuses')
        .select(['id', 'category_weights'])
        .where('member_id', '=', memberId)
        .where('status', '=', 'active')
        .where('activated_at', '<=', playedAt)
        .executeTakeFirst();
    },

    insert(row: Insertable<MemberBonusesTable>): Promise<MemberBonus> {
      return db.insertInto('member_bonuses').values(row).returningAll().executeTakeFirstOrThrow();
    },

    /** active -> an ending status; undefined when the bonus was not active any more. */
    end(
      id: string,
      set: { status: Exclude<BonusStatus, 'active'>; reason: string; now: Date; takenBack: bigint },
    ): Promise<MemberBonus | undefined> {
      return db
        .updateTable('member_bonuses')
        .set({ status: set.status, end_reason: set.reason, ended_at: set.now, taken_back: set.takenBack })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .returningAll()
        .executeTakeFirst();
    },

    /** The member's whole balance: wallet plus every game account, as the ledger holds them. */
    async totalBalance(memberId: string): Promise<bigint> {
      const row = await db
        .selectFrom('ledger_accounts')
        .select(sql<string>`coalesce(sum(balance), 0)`.as('total'))
        .where('owner_id', '=', memberId)
        .where('kind', 'in', ['wallet', 'game'])
        .executeTakeFirstOrThrow();
      return BigInt(row.total);
    },

    /** The bonus a spin coupon already started, if any. */
    bySpinCoupon(couponId: string): Promise<{ id: string } | undefined> {
      return db
        .selectFrom('member_bonuses')
        .select('id')
        .where('origin', '=', 'spin')
        .where('source_ref', '=', couponId)
        .executeTakeFirst();
    },

    /** Members whose active bonus is past its expiry. */
    dueForExpiry(now: Date, limit: number): Promise<{ member_id: string }[]> {
      return db
        .selectFrom('member_bonuses')
        .select('member_id')
        .where('status', '=', 'active')
        .where('expires_at', '<=', now)
        .limit(limit)
        .execute();
    },

    /** A member's bonus history for the back office, newest first. */
    listOfMember(memberId: string): Promise<MemberBonus[]> {
      return db
        .selectFrom('member_bonuses')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('activated_at', 'desc')
        .limit(200)
        .execute();
    },

    ownerOf(bonusId: string): Promise<{ member_id: string } | undefined> {
      return db.selectFrom('member_bonuses').select('member_id').where('id', '=', bonusId).executeTakeFirst();
    },

    byIdOrThrow(bonusId: string): Promise<MemberBonus> {
      return db.selectFrom('member_bonuses').selectAll().where('id', '=', bonusId).executeTakeFirstOrThrow();
    },
  };
}

export type MemberBonusRepository = ReturnType<typeof createMemberBonusRepository>;
