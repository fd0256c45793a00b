import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ROUTES } from '@jetton/contract/routes';
import type { DB } from '../../db/schema.ts';
import { pingDatabase, type DatabaseEngine } from '../../db/database.ts';

/** Parts the node serves without: while one is out the node is degraded, still 200 and in the balancer's rotation. */
const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['embedded', 'postgres']),
  degraded: z.array(z.enum(['redis'])).optional(),
});
const ZDown = z.object({ message: z.literal('SERVICE_UNAVAILABLE'), down: z.array(z.enum(['db', 'starting', 'draining'])) });

/** A database that has not answered `select 1` by then counts as down (a lost server answers nothing at all). */
const PING_TIMEOUT_MS = 2_000;

export type HealthDeps = {
  db: Kysely<DB>;
  engine: DatabaseEngine;
  /** Set when Redis is configured: whether its link is up now. */
  redisUp?: (() => boolean) | undefined;
};

/**
 * GET /api/health: 503 only for what the node cannot serve without, so the
 * balancer takes it out of rotation: `{ message: 'SERVICE_UNAVAILABLE', down:
 * ['db'] }` while the database does not answer, `['draining']` while it
 * finishes its work before stopping, `['starting']` while its start-up work
 * (the demo member's history in the sandbox) is under way. Redis is not one of
 * them: while it is unreachable the node answers 200 `{ status: 'degraded',
 * degraded: ['redis'] }` and serves on (limits per node, the chat relayed on
 * this node only: docs/faults.md, "Redis lost"). Asked afresh every time, so it
 * turns back by itself once the part is back.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: HealthDeps,
): { healthy: () => Promise<boolean>; drain: () => void; startingUp: (starting: boolean) => void } {
  let draining = false;
  let starting = false;
  const check = async (): Promise<('db' | 'starting' | 'draining')[]> => {
    // A node told to stop leaves the balancer's rotation first (docs/operations.md, "Rolling restarts").
    if (draining) return ['draining'];
    if (starting) return ['starting'];
    const down: 'db'[] = [];
    try {
      await withTimeout(pingDatabase(deps.db), PING_TIMEOUT_MS);
    } catch (error) {
      app.log.warn({ err: error }, 'health check: database unreachable');
      down.push('db');
    }
    return down;
  };
  app.get(ROUTES.health, { schema: { tags: ['health'], response: { 200: ZHealth, 503: ZDown } } }, async (_request, reply) => {
    const down = await check();
    if (down.length > 0) return reply.status(503).send({ message: 'SERVICE_UNAVAILABLE' as const, down });
    if (deps.redisUp && !deps.redisUp()) return { status: 'degraded' as const, database: deps.engine, degraded: ['redis' as const] };
    return { status: 'ok' as const, database: deps.engine };
  });
  // The same check, for the metrics' jetton_health_up.
  return {
    healthy: async () => (await check()).length === 0,
    drain: () => {
      draining = true;
    },
    startingUp: (value) => {
      starting = value;
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
