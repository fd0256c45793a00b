import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { QueueFigures } from '../../metrics/node-metrics.ts';

/**
 * The queues an operator watches (docs/operations.md, "Metrics"), read at scrape time. Both reads
 * are served by partial indexes on the pending rows only (transfers_pending_check,
 * withdrawals_due_idx), so they cost the size of the queue, never of the tables.
 */
export function createQueueFiguresRepository(db: Kysely<DB>) {
  return {
    async read(now: Date): Promise<QueueFigures> {
      const [transfers, payouts] = await Promise.all([
        db
          .selectFrom('transfers')
          .where('status', '=', 'PENDING')
          .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('created_at').as('oldest')])
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('withdrawals')
          .where(sql<boolean>`status in ('approved', 'paying')`)
          .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('created_at').as('oldest')])
          .executeTakeFirstOrThrow(),
      ]);
      const age = (oldest: Date | null): number => (oldest ? Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000) : 0);
      return {
        unknownTransfers: Number(transfers.count),
        oldestUnknownTransferAge: age(transfers.oldest),
        payoutQueue: Number(payouts.count),
        oldestPayoutAge: age(payouts.oldest),
      };
    },
  };
}
