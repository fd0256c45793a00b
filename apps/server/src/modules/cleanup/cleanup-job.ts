import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { createIdempotency } from '../../http/idempotency.ts';
import { createSessionRepository } from '../auth/session-repository.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';
import { createCleanupRules, type CleanupRulesSource } from './cleanup-rules.ts';
import { serialJob, type JobScheduler } from '../../jobs/periodic-job.ts';

/** claimed: every row deleted this pass (schedulePeriodic logs a pass that deleted any). */
export type CleanupSummary = { claimed: number; idempotencyKeys: number; sessions: number };

/**
 * Deletes rows nothing will read again:
 *
 * - idempotency keys past the replay window (24 h): a retry that late runs anew anyway;
 * - sessions revoked or expired more than sessionGraceMs ago (login prunes a
 *   member's own dead sessions; this takes those of members who never return).
 *
 * Each DELETE takes at most batchSize rows and the pass repeats it until a batch
 * comes back short, so a backlog never holds locks (or, on PGlite, the one
 * connection) for long. Rows locked elsewhere are skipped for the next pass.
 */
export function createCleanupJob(deps: { db: Kysely<DB>; clock: Clock; rules: CleanupRulesSource }) {
  const { clock } = deps;
  // The default window is every idempotent route's window.
  const idempotency = createIdempotency({ db: deps.db, clock });
  const sessions = createSessionRepository(deps.db);

  async function pass(): Promise<CleanupSummary> {
    const { batchSize, sessionGraceMs } = await deps.rules.get();
    const deadBefore = new Date(clock.now().getTime() - sessionGraceMs);
    const idempotencyKeys = await inBatches(batchSize, (limit) => idempotency.purgeExpired(limit));
    const deadSessions = await inBatches(batchSize, (limit) => sessions.purgeDead(deadBefore, limit));
    return { claimed: idempotencyKeys + deadSessions, idempotencyKeys, sessions: deadSessions };
  }

  return serialJob(pass);
}
export type CleanupJob = ReturnType<typeof createCleanupJob>;

async function inBatches(batchSize: number, deleteBatch: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(batchSize);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

/**
 * Wires the job: runs it every intervalMs (an operator's change needs no
 * restart) until the app closes, and returns it (tests call runOnce()).
 */
export function registerCleanupJob(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; clock: Clock; settings: SettingsRepository; jobs: JobScheduler },
): CleanupJob {
  const rules = createCleanupRules({
    settings: deps.settings,
    clock: deps.clock,
    onInvalid: (issues) => app.log.error({ issues }, 'rules.cleanup setting malformed: using defaults'),
  });
  const job = createCleanupJob({ db: deps.db, clock: deps.clock, rules });
  deps.jobs.every(job, {
    name: 'cleanup',
    intervalMs: async () => (await rules.getOrDefaults()).intervalMs,
  });
  return job;
}
