import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { RedisLink } from '../redis/redis-link.ts';
import { AppError } from './app-error.ts';
import { fallbackStore } from './fallback-rate-limit-store.ts';

/**
 * Per-client-IP limits with @fastify/rate-limit, off by default: a route opts in
 * with `config: { rateLimit: { max, timeWindow } }`. Counters live in Redis while
 * the node's Redis link is up (shared by every node), in process memory otherwise
 * (no REDIS_URL, or Redis unreachable: docs/faults.md). A refused call answers
 * 429 {message:'REQUEST_LIMIT'}.
 */
const NAMESPACE = 'jetton-rl-';

export async function registerRateLimit(app: FastifyInstance, redis: RedisLink | undefined): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: fallbackStore(redis, NAMESPACE) } : {}),
    skipOnError: true,
    errorResponseBuilder: () => new AppError('REQUEST_LIMIT'),
  });
}
