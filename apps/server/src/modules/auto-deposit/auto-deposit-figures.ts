import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import { createCursorRepository } from './cursor-repository.ts';
import { createIncomingRepository } from './incoming-repository.ts';

/** What an operator watches of automatic deposits: the metrics' gauges and the dashboard read the same figures. */
export type AutoDepositFigures = {
  /** Lines waiting for an operator (unmatched, unparsed, proposed), and the oldest one's arrival. */
  waiting: number;
  oldestWaitingAt: Date | null;
  /** Forwarded SMS no parser could read, still waiting. */
  unparsed: number;
  /** Seconds since the AUTO account read longest ago was last read (0 when no AUTO account). */
  pollLagSeconds: number;
};

/** Reads the figures from the database: every node answers the same. */
export function createAutoDepositFigures(deps: { db: Kysely<DB>; clock: Clock; lookups: LookupService }) {
  const incoming = createIncomingRepository(deps.db);
  const cursors = createCursorRepository(deps.db);

  async function pollLagSeconds(): Promise<number> {
    const auto = (await deps.lookups.get('deposit')).banks.filter((b) => b.mode === 'AUTO');
    const polls = await cursors.polls();
    const now = deps.clock.now().getTime();
    let lag = 0;
    for (const a of auto) {
      const p = polls.find((row) => row.site_bank === a.bankCode && row.site_account === a.bankAccountNo);
      lag = Math.max(lag, p?.polled_at ? (now - new Date(p.polled_at).getTime()) / 1000 : 0);
    }
    return lag;
  }

  return {
    queue: () => incoming.queueFigures(),
    pollLagSeconds,
    async read(): Promise<AutoDepositFigures> {
      const [queue, lag] = await Promise.all([incoming.queueFigures(), pollLagSeconds()]);
      return { waiting: queue.size, oldestWaitingAt: queue.oldest, unparsed: queue.unparsed, pollLagSeconds: lag };
    },
  };
}
export type AutoDepositFigureReader = ReturnType<typeof createAutoDepositFigures>;
