import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Kysely stays here (docs/engineering.md, "House rules"): the day's total of
 * one operator's credits to one member by hand (docs/money-desk.md, "Four
 * eyes"), summed from manual credit adjustments, manual deposit notices and
 * unmatched incoming deposits assigned by hand.
 */
export function createCreditTotalsRepository(db: Kysely<DB>) {
  return {
    /**
     * Serializes every credit by one operator to one member until the caller's
     * transaction ends, so two at once cannot both count the total without the
     * other. Transaction-scoped: PostgreSQL and PGlite release it at COMMIT or ROLLBACK.
     */
    async lock(operatorId: string, memberId: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`credits:${operatorId}:${memberId}`}, 0))`.execute(db);
    },

    /**
     * What `operatorId` has credited to `memberId` in [from, to), posted or
     * waiting for a second operator (a rejected one does not count).
     */
    async dayTotal(operatorId: string, memberId: string, from: Date, to: Date): Promise<bigint> {
      const adjustments = await db
        .selectFrom('adjustments')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string | bigint | null>('amount'), sql<string>`0`).as('total'))
        .where('proposed_by', '=', operatorId)
        .where('member_id', '=', memberId)
        .where('direction', '=', 'credit')
        .where('proposed_at', '>=', from)
        .where('proposed_at', '<', to)
        .where('status', '<>', 'rejected')
        .executeTakeFirstOrThrow();
      const notices = await db
        .selectFrom('deposit_notices')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string | bigint | null>('amount'), sql<string>`0`).as('total'))
        .where('proposed_by', '=', operatorId)
        .where('member_id', '=', memberId)
        .where('proposed_at', '>=', from)
        .where('proposed_at', '<', to)
        .where('status', '<>', 'failed')
        .executeTakeFirstOrThrow();
      const incoming = await db
        .selectFrom('incoming_deposits')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string | bigint | null>('amount'), sql<string>`0`).as('total'))
        .where('proposed_by', '=', operatorId)
        .where('proposed_member_id', '=', memberId)
        .where('proposed_at', '>=', from)
        .where('proposed_at', '<', to)
        .where('status', 'in', ['proposed', 'credited'])
        .executeTakeFirstOrThrow();
      return BigInt(adjustments.total) + BigInt(notices.total) + BigInt(incoming.total);
    },
  };
}
