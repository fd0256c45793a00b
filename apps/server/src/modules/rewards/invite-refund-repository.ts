import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Invite and refund accruals and banners as the member reads and receives them; Kysely stays here. */
export function createInviteRefundRepository(db: Kysely<DB>) {
  return {
    async invitePage(inviterId: string, offset: number, limit: number) {
      const [count, rows] = await Promise.all([
        db
          .selectFrom('invite_accruals')
          .select(sql<string>`count(*)`.as('n'))
          .where('inviter_id', '=', inviterId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('invite_accruals as a')
          .innerJoin('members as m', 'm.id', 'a.invitee_id')
          .select(['m.name', 'a.amount', 'a.created_at'])
          .where('a.inviter_id', '=', inviterId)
          .orderBy('a.created_at', 'desc')
          .orderBy('a.day', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
      ]);
      return { total: Number(count.n), rows };
    },

    async unpaidInvites(inviterId: string): Promise<bigint> {
      const row = await db
        .selectFrom('invite_accruals')
        .select(sql<string>`coalesce(sum(amount), 0)`.as('sum'))
        .where('inviter_id', '=', inviterId)
        .where('paid_entry_id', 'is', null)
        .executeTakeFirstOrThrow();
      return BigInt(row.sum);
    },

    /** The unpaid rows, locked: a second receive waits and then finds them paid. */
    lockUnpaidInvites(inviterId: string) {
      return db
        .selectFrom('invite_accruals')
        .select(['invitee_id', 'day', 'amount'])
        .where('inviter_id', '=', inviterId)
        .where('paid_entry_id', 'is', null)
        .forUpdate()
        .execute();
    },

    async markInvitesPaid(inviterId: string, rows: { invitee_id: string; day: string }[], entryId: bigint): Promise<void> {
      for (const r of rows) {
        await db
          .updateTable('invite_accruals')
          .set({ paid_entry_id: entryId })
          .where('inviter_id', '=', inviterId)
          .where('invitee_id', '=', r.invitee_id)
          .where('day', '=', r.day)
          .execute();
      }
    },

    async refundPage(memberId: string, offset: number, limit: number) {
      const [count, rows] = await Promise.all([
        db
          .selectFrom('refund_accruals')
          .select(sql<string>`count(*)`.as('n'))
          .where('member_id', '=', memberId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('refund_accruals')
          .select(['amount', 'created_at'])
          .where('member_id', '=', memberId)
          .orderBy('day', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
      ]);
      return { total: Number(count.n), rows };
    },

    async unreceivedRefunds(memberId: string): Promise<bigint> {
      const row = await db
        .selectFrom('refund_accruals')
        .select(sql<string>`coalesce(sum(amount), 0)`.as('sum'))
        .where('member_id', '=', memberId)
        .where('bonus_id', 'is', null)
        .executeTakeFirstOrThrow();
      return BigInt(row.sum);
    },

    lockUnreceivedRefunds(memberId: string) {
      return db
        .selectFrom('refund_accruals')
        .select(['day', 'amount'])
        .where('member_id', '=', memberId)
        .where('bonus_id', 'is', null)
        .forUpdate()
        .execute();
    },

    async markRefundsReceived(memberId: string, days: string[], bonusId: string): Promise<void> {
      if (days.length === 0) return;
      await db
        .updateTable('refund_accruals')
        .set({ bonus_id: bonusId })
        .where('member_id', '=', memberId)
        .where('day', 'in', days)
        .execute();
    },

    banners(placement: 'invite' | 'refund') {
      return db
        .selectFrom('reward_banners')
        .select(['image', 'html'])
        .where('placement', '=', placement)
        .where('active', '=', true)
        .orderBy('sort')
        .execute();
    },
  };
}
