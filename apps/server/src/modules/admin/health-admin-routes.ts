import type { FastifyInstance } from 'fastify';
import { ZAdminHealth, type TAdminHealth } from '@jetton/contract/admin/health';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import type { Clock } from '../../clock.ts';
import type { HealthFigures, NodeMetrics } from '../../metrics/node-metrics.ts';
import { adminRoute } from './admin-guard.ts';

const iso = (epochSeconds: number): string => new Date(epochSeconds * 1000).toISOString();

/** The node's metrics figures in the contract's shape: the same numbers, times as ISO. */
export function toAdminHealth(figures: HealthFigures, at: Date): TAdminHealth {
  const q = figures.queues;
  return {
    at: at.toISOString(),
    queues: q && {
      unknownTransfers: q.unknownTransfers,
      oldestUnknownTransferAgeSeconds: q.oldestUnknownTransferAge,
      payoutQueue: q.payoutQueue,
      oldestPayoutAgeSeconds: q.oldestPayoutAge,
    },
    jobs: figures.jobs.map((j) => ({ ...j, lastFailureAt: j.lastFailureAt === null ? null : iso(j.lastFailureAt) })),
    database: { poolInUse: figures.pool.inUse, poolWaiting: figures.pool.waiting },
    redisUp: figures.redisUp,
    redisConfigured: figures.redisConfigured,
    healthUp: figures.healthUp,
    requests: { total: figures.requests.total, serverErrors: figures.requests.serverErrors, since: iso(figures.requests.since) },
  };
}

/**
 * GET dashboard/health (docs/operations.md, "The dashboard's health panel"): what /metrics
 * exports, read through the same series (NodeMetrics.figures), never computed a second way.
 */
export function registerHealthAdminRoutes(app: FastifyInstance, deps: { metrics: NodeMetrics; clock: Clock }): void {
  adminRoute(app, ADMIN_ROUTES.dashboard.health, { schema: { response: { 200: ZAdminHealth } } }, async () =>
    toAdminHealth(await deps.metrics.figures(), deps.clock.now()),
  );
}
