import type { Kysely } from 'kysely';
import type { BankStatement } from '../../adapters/bank/bank-statement.ts';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { serialJob, type SerialJob } from '../../jobs/periodic-job.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import type { AutoDepositRulesSource } from './auto-deposit-rules.ts';
import { createCursorRepository } from './cursor-repository.ts';
import type { IncomingPipeline } from './incoming-pipeline.ts';

type Deps = {
  db: Kysely<DB>;
  clock: Clock;
  lookups: LookupService;
  rules: AutoDepositRulesSource;
  statement: BankStatement;
  pipeline: IncomingPipeline;
  /** This node's name in the lease. */
  nodeId: string;
  /** Told, for each new line, how long after the transfer it was stored (metrics). */
  onLine?: (lagMs: number) => void;
};

/**
 * The AUTO poller (docs/auto-deposit.md, "AUTO"): for each AUTO site account whose
 * lease this node holds (one node per account across a cluster), the statement's
 * lines after the stored cursor go through the pipeline, then the cursor moves on.
 * A crash between the two replays lines the pipeline already stored: they change
 * nothing. The cursor lives in the database, so a restart resumes where it was.
 */
export function createStatementPoller(deps: Deps): SerialJob<{ claimed: number }> & { release: () => Promise<void> } {
  const cursors = createCursorRepository(deps.db);
  const job = serialJob(async () => {
    const rules = await deps.rules.get();
    const accounts = (await deps.lookups.get('deposit')).banks.filter((b) => b.mode === 'AUTO');
    let claimed = 0;
    for (const account of accounts) {
      const now = deps.clock.now();
      const cursor = await cursors.acquire(
        account.bankCode,
        account.bankAccountNo,
        deps.nodeId,
        now,
        new Date(now.getTime() + rules.pollLeaseMs),
      );
      if (cursor === undefined) continue;
      const page = await deps.statement.listIncoming({ bank: account.bankCode, account: account.bankAccountNo }, cursor);
      for (const line of page.lines) {
        const { created } = await deps.pipeline.ingest({
          source: 'AUTO',
          siteBank: account.bankCode,
          siteAccount: account.bankAccountNo,
          bankRef: line.transRef,
          amount: line.amount,
          occurredAt: line.time,
          senderBank: line.sender.bank,
          senderDigits: line.sender.account,
          senderName: line.sender.name,
          raw: null,
        });
        if (created) {
          claimed++;
          deps.onLine?.(deps.clock.now().getTime() - line.time.getTime());
        }
      }
      await cursors.advance(account.bankCode, account.bankAccountNo, deps.nodeId, page.cursor, deps.clock.now());
    }
    return { claimed };
  });
  return { ...job, release: () => cursors.release(deps.nodeId) };
}
