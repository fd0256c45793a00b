import type { Kysely, Selectable } from 'kysely';
import { pageWithTotal } from '../../db/paging.ts';
import type { DB } from '../../db/schema.ts';
import type { WithdrawalApprovalsTable } from '../../db/tables/money-desk.ts';
import type { WithdrawalStatus } from '../../db/tables/withdraw.ts';
import type { Withdrawal } from '../withdraw/withdraw-repository.ts';

export type WithdrawalApproval = Selectable<WithdrawalApprovalsTable>;
export type DeskWithdrawal = Withdrawal & { member_phone: string | null; member_name: string | null };

export type WithdrawalFilter = {
  /** pending = review; held = paying with an unknown outcome; all = any. */
  status: WithdrawalStatus | 'pending' | 'held' | 'all';
  minAmount?: bigint;
  maxAmount?: bigint;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
};

/** Kysely stays here (docs/engineering.md, "House rules"): the withdrawal desk's reads and its four-eyes proposals. */
export function createWithdrawalDeskRepository(db: Kysely<DB>) {
  const base = () =>
    db
      .selectFrom('withdrawals as w')
      .leftJoin('members as m', 'm.id', 'w.member_id')
      .selectAll('w')
      .select(['m.phone as member_phone', 'm.name as member_name']);

  function filtered(filter: WithdrawalFilter) {
    let q = db.selectFrom('withdrawals as w');
    if (filter.status === 'pending') q = q.where('w.status', '=', 'review');
    else if (filter.status === 'held') q = q.where('w.status', '=', 'paying').where('w.unknown_since', 'is not', null);
    else if (filter.status !== 'all') q = q.where('w.status', '=', filter.status);
    if (filter.minAmount !== undefined) q = q.where('w.amount', '>=', filter.minAmount);
    if (filter.maxAmount !== undefined) q = q.where('w.amount', '<=', filter.maxAmount);
    if (filter.from) q = q.where('w.created_at', '>=', filter.from);
    if (filter.to) q = q.where('w.created_at', '<', filter.to);
    return q;
  }

  return {
    async list(filter: WithdrawalFilter): Promise<{ rows: DeskWithdrawal[]; total: number }> {
      // The queue oldest first (who waited longest); everything else newest first.
      const oldestFirst = filter.status === 'pending' || filter.status === 'held';
      return pageWithTotal(
        () => filtered(filter),
        (q) =>
          q
            .leftJoin('members as m', 'm.id', 'w.member_id')
            .selectAll('w')
            .select(['m.phone as member_phone', 'm.name as member_name'])
            .orderBy('w.created_at', oldestFirst ? 'asc' : 'desc')
            .orderBy('w.id', oldestFirst ? 'asc' : 'desc'),
        filter,
      );
    },

    find(id: string): Promise<DeskWithdrawal | undefined> {
      return base().where('w.id', '=', id).executeTakeFirst();
    },

    /** Payouts past the deadline with an unknown outcome, oldest first. */
    findings(limit: number): Promise<DeskWithdrawal[]> {
      return base().where('w.status', '=', 'paying').where('w.held_at', 'is not', null).orderBy('w.unknown_since').limit(limit).execute();
    },

    /** The open proposal of each withdrawal given, with the proposer's login when known. */
    async pendingProposals(withdrawalIds: string[]): Promise<Map<string, WithdrawalApproval & { login: string | null }>> {
      if (withdrawalIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('withdrawal_approvals')
        .selectAll()
        .where('withdrawal_id', 'in', withdrawalIds)
        .where('status', '=', 'pending')
        .execute();
      const logins = await operatorLogins(
        db,
        rows.map((r) => r.proposed_by),
      );
      return new Map(rows.map((r) => [r.withdrawal_id, { ...r, login: logins.get(r.proposed_by) ?? null }]));
    },

    /** Inside the decision's transaction, with the withdrawal locked. */
    pendingProposal(withdrawalId: string): Promise<WithdrawalApproval | undefined> {
      return db
        .selectFrom('withdrawal_approvals')
        .selectAll()
        .where('withdrawal_id', '=', withdrawalId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
    },

    async propose(row: { id: string; withdrawalId: string; operatorId: string; now: Date }): Promise<WithdrawalApproval> {
      return db
        .insertInto('withdrawal_approvals')
        .values({
          id: row.id,
          withdrawal_id: row.withdrawalId,
          proposed_by: row.operatorId,
          proposed_at: row.now,
          status: 'pending',
          decided_by: null,
          decided_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async closeProposal(id: string, status: 'confirmed' | 'cancelled', operatorId: string, now: Date): Promise<void> {
      await db
        .updateTable('withdrawal_approvals')
        .set({ status, decided_by: operatorId, decided_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /** review -> approved / rejected, naming who decided; undefined when it was no longer in review. */
    decide(id: string, to: 'approved' | 'rejected', operatorId: string, now: Date, reason: string | null): Promise<Withdrawal | undefined> {
      return db
        .updateTable('withdrawals')
        .set({
          status: to,
          decided_by: operatorId,
          decision_reason: reason,
          updated_at: now,
          next_attempt_at: to === 'approved' ? now : null,
        })
        .where('id', '=', id)
        .where('status', '=', 'review')
        .returningAll()
        .executeTakeFirst();
    },

    /** A held payout a person sends back to the payout job: a fresh round of asking, as if never unknown. */
    async requeueHeld(id: string, now: Date): Promise<boolean> {
      const row = await db
        .updateTable('withdrawals')
        .set({ unknown_since: null, held_at: null, next_attempt_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'paying')
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    heldCount: async (): Promise<{ held: number; findings: number }> => {
      const row = await db
        .selectFrom('withdrawals')
        .select((eb) => [eb.fn.countAll<string>().as('held'), eb.fn.count<string>('held_at').as('findings')])
        .where('status', '=', 'paying')
        .where('unknown_since', 'is not', null)
        .executeTakeFirstOrThrow();
      return { held: Number(row.held), findings: Number(row.findings) };
    },
  };
}
export type WithdrawalDeskRepository = ReturnType<typeof createWithdrawalDeskRepository>;

/** Operators' logins by id; an id whose operator row is gone answers nothing (the view shows the id). */
async function operatorLogins(db: Kysely<DB>, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('operators').select(['id', 'login']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.login]));
}
