import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ROUTES } from '@jetton/contract/routes';
import type { DB } from '../../db/schema.ts';
import { pingDatabase, type DatabaseEngine } from '../../db/database.ts';

const ZHealth = z.object({ status: z.literal('ok'), database: z.enum(['embedded', 'postgres']) });
const ZDown = z.object({ message: z.literal('SERVICE_UNAVAILABLE'), down: z.array(z.enum(['db', 'redis', 'starting', 'draining'])) });

/** A database that has not answered `select 1` by then counts as down (a lost server answers nothing at all). */
const PING_TIMEOUT_MS = 2_000;

export type HealthDeps = {
  db: Kysely<DB>;
  engine: DatabaseEngine;
  /** Set when Redis is configured: whether its connection is up now. */
  redisUp?: () => boolean;
};

/**
 * GET /api/health: 200 when everything the node needs answers; otherwise 503
 * `{ message: 'SERVICE_UNAVAILABLE', down: ['db' | 'redis'] }` naming what is
 * down, asked afresh every time, so it turns 200 by itself once the part is
 * back (the pool and the Redis client reconnect on their own; docs/faults.md).
 * A draining node answers 503 `down: ['draining']` while it finishes its work,
 * and a node still at its start-up work (the demo member's history in the
 * sandbox) `down: ['starting']`, so nobody is sent to it before it is done.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: HealthDeps,
): { healthy: () => Promise<boolean>; drain: () => void; startingUp: (starting: boolean) => void } {
  let draining = false;
  let starting = false;
  const check = async (): Promise<('db' | 'redis' | 'starting' | 'draining')[]> => {
    // A node told to stop leaves the balancer's rotation first (docs/operations.md, "Rolling restarts").
    if (draining) return ['draining'];
    if (starting) return ['starting'];
    const down: ('db' | 'redis')[] = [];
    try {
      await withTimeout(pingDatabase(deps.db), PING_TIMEOUT_MS);
    } catch (error) {
      app.log.warn({ err: error }, 'health check: database unreachable');
      down.push('db');
    }
    if (deps.redisUp && !deps.redisUp()) down.push('redis');
    return down;
  };
  app.get(ROUTES.health, { schema: { tags: ['health'], response: { 200: ZHealth, 503: ZDown } } }, async (_request, reply) => {
    const down = await check();
    if (down.length > 0) return reply.status(503).send({ message: 'SERVICE_UNAVAILABLE' as const, down });
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
