import { z } from 'zod';
import { text } from '../text.ts';

/**
 * The dashboard's health panel (docs/operations.md, "The dashboard's health
 * panel"): the figures the node's /metrics exports, read from the same series.
 * Queue figures are all nodes (the database); jobs, the pool, Redis and
 * requests are the node that answered.
 */

/**
 * The alert rules' thresholds (deploy/alerts.yml): the panel marks a figure past
 * one. A test checks the rules file says the same numbers.
 */
export const HEALTH_ALERT_THRESHOLDS = {
  /** JettonTransferUnknownTooLong: the oldest unknown transfer older than 10 minutes. */
  unknownTransferAgeSeconds: 600,
  /** JettonPayoutWaitingTooLong: a withdrawal waiting more than 15 minutes for its payout. */
  payoutAgeSeconds: 900,
  /** JettonJobFailing: a job failing this many passes in a row. */
  jobConsecutiveFailures: 3,
  /** JettonHighErrorRate: 5xx above this share of answers (the rule over 5 minutes; the panel since the node started). */
  serverErrorShare: 0.01,
} as const;

const ZHealthJob = z.object({
  /** The job's label in the series (`withdrawal_payout`). */
  name: text(),
  runs: z.number().int(),
  failures: z.number().int(),
  consecutiveFailures: z.number().int(),
  lastFailureAt: z.iso.datetime().nullable(),
});
export type THealthJob = z.infer<typeof ZHealthJob>;

export const ZAdminHealth = z.object({
  at: z.iso.datetime(),
  /** Null when the database did not answer the read. Ages in seconds, 0 when the queue is empty. */
  queues: z
    .object({
      unknownTransfers: z.number().int(),
      oldestUnknownTransferAgeSeconds: z.number(),
      payoutQueue: z.number().int(),
      oldestPayoutAgeSeconds: z.number(),
    })
    .nullable(),
  jobs: z.array(ZHealthJob),
  database: z.object({ poolInUse: z.number().int(), poolWaiting: z.number().int() }),
  /** True also when no Redis is configured (nothing to be down), as jetton_redis_up. */
  redisUp: z.boolean(),
  /** False when the node runs without Redis: the panel says so instead of "up". */
  redisConfigured: z.boolean(),
  healthUp: z.boolean(),
  /** Answers of this node since it started (`since`), and how many were 5xx. */
  requests: z.object({ total: z.number().int(), serverErrors: z.number().int(), since: z.iso.datetime() }),
});
export type TAdminHealth = z.infer<typeof ZAdminHealth>;
