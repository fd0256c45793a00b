import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { serialJob, type JobScheduler, type SerialJob } from '../../jobs/periodic-job.ts';
import type { NodeMetrics } from '../../metrics/node-metrics.ts';
import type { AuditCheckpoint, AuditKeys } from './audit-chain.ts';
import { currentCheckpoint } from './audit-checkpoints.ts';

/** How often each node publishes the head. */
export const AUDIT_HEAD_INTERVAL_MS = 5 * 60_000;

/** One pass: the head published, and the day's signed checkpoint when this pass is the node's first of a UTC day. */
export type AuditHeadPass = { claimed: 0; seq: number; hash: string; checkpoint: AuditCheckpoint | null };

/**
 * Publishes the audit chain's head outside the database (docs/operators.md,
 * "Audit trail"): every pass logs `audit chain head` with its seq and hash and
 * sets the `jetton_audit_chain_head` metric, so the log store and Prometheus keep
 * its history; once a day (each node's first pass of a UTC day) it logs the
 * signed checkpoint as `audit checkpoint`. A head that later goes back, or a
 * published hash the chain no longer holds, is a rewrite.
 */
export function registerAuditHeadJob(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; clock: Clock; keys: AuditKeys; jobs: JobScheduler; metrics: Pick<NodeMetrics, 'auditHead'> },
): SerialJob<AuditHeadPass> {
  let checkpointDay: string | undefined;
  const job = serialJob(async (): Promise<AuditHeadPass> => {
    const now = deps.clock.now();
    const signed = await currentCheckpoint(deps.db, deps.keys, now);
    deps.metrics.auditHead(signed.seq, signed.hash);
    app.log.info({ audit: { seq: signed.seq, hash: signed.hash } }, 'audit chain head');
    const day = signed.at.slice(0, 10);
    if (day === checkpointDay) return { claimed: 0, seq: signed.seq, hash: signed.hash, checkpoint: null };
    checkpointDay = day;
    app.log.info({ auditCheckpoint: signed }, 'audit checkpoint');
    return { claimed: 0, seq: signed.seq, hash: signed.hash, checkpoint: signed };
  });
  if (!deps.jobs.enabled) return job;
  // The first pass right at start, then at intervals.
  app.addHook('onReady', () => {
    void job.runOnce().catch((error: unknown) => app.log.error({ err: error }, 'audit chain head not published'));
  });
  deps.jobs.every(job, { name: 'audit head', intervalMs: () => Promise.resolve(AUDIT_HEAD_INTERVAL_MS) });
  return job;
}
