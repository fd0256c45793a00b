import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { WithdrawalStatus, WithdrawalsTable } from '../../db/tables/withdraw.ts';

export type Withdrawal = Selectable<WithdrawalsTable>;
export type NewWithdrawal = Omit<Withdrawal, 'attempts' | 'note' | 'decided_by' | 'decision_reason' | 'unknown_since' | 'held_at'>;

/** Kysely stays here (docs/engineering.md, "House rules"): withdrawals and the member's payout destination. */
export function createWithdrawRepository(db: Kysely<DB>) {
  return {
    memberDestination(memberId: string) {
      return db
        .selectFrom('members')
        .select(['id', 'currency', 'bank_code', 'bank_account_no', 'bank_account_name', 'bank_changed_at'])
        .where('id', '=', memberId)
        .executeTakeFirst();
    },

    async insert(row: NewWithdrawal): Promise<Withdrawal> {
      return db.insertInto('withdrawals').values(row).returningAll().executeTakeFirstOrThrow();
    },

    find(id: string): Promise<Withdrawal | undefined> {
      return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Locked for a decision: a concurrent decision waits, then sees the outcome. */
    lock(id: string): Promise<Withdrawal | undefined> {
      return db.selectFrom('withdrawals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    listReview(limit: number): Promise<Withdrawal[]> {
      return db.selectFrom('withdrawals').selectAll().where('status', '=', 'review').orderBy('created_at').limit(limit).execute();
    },

    /**
     * Moves a withdrawal from one status to another, only if it is still in
     * `from`: of two racers (the job and a second pass) exactly one gets the row.
     */
    async transition(
      id: string,
      from: WithdrawalStatus[],
      to: WithdrawalStatus,
      now: Date,
      extra: { note?: string | null; nextAttemptAt?: Date | null } = {},
    ) {
      return db
        .updateTable('withdrawals')
        .set({
          status: to,
          updated_at: now,
          ...(extra.note === undefined ? {} : { note: extra.note }),
          ...(extra.nextAttemptAt === undefined ? {} : { next_attempt_at: extra.nextAttemptAt }),
        })
        .where('id', '=', id)
        .where('status', 'in', from)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * The payout job's claim: due approved/paying rows, FOR UPDATE SKIP LOCKED
     * so nodes share the queue; each is marked `paying` (from here on the payout
     * API may have seen it) and leased until `leaseUntil`. Answers the rows as
     * they were before the claim: `approved` ones were never sent.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<Withdrawal[]> {
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('withdrawals')
          .selectAll()
          .where('status', 'in', ['approved', 'paying'])
          .where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at')
          .limit(limit)
          .forUpdate()
          .skipLocked()
          .execute();
        if (due.length === 0) return [];
        await trx
          .updateTable('withdrawals')
          .set((eb) => ({ status: 'paying', next_attempt_at: leaseUntil, attempts: eb('attempts', '+', 1), updated_at: now }))
          .where(
            'id',
            'in',
            due.map((d) => d.id),
          )
          .execute();
        return due;
      });
    },

    /** A claimed payout never sent goes back to an operator (a blacklisted destination): only from `paying`. */
    async backToReview(id: string, reason: 'BLACKLISTED', now: Date): Promise<boolean> {
      const row = await db
        .updateTable('withdrawals')
        .set({ status: 'review', review_reason: reason, next_attempt_at: null, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'paying')
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The payout's outcome is unknown (docs/money-desk.md, "Held payouts"): the
     * money stays held. `unknownSince` is when that first happened; with
     * `nextAttemptAt` null the job stops asking and the row is a finding.
     */
    async noteUnknown(
      id: string,
      note: string,
      nextAttemptAt: Date | null,
      now: Date,
      held: { unknownSince: Date; finding: boolean },
    ): Promise<void> {
      await db
        .updateTable('withdrawals')
        .set({
          note,
          next_attempt_at: nextAttemptAt,
          updated_at: now,
          unknown_since: held.unknownSince,
          held_at: held.finding ? now : null,
        })
        .where('id', '=', id)
        .where('status', '=', 'paying')
        .execute();
    },
  };
}
export type WithdrawRepository = ReturnType<typeof createWithdrawRepository>;
