import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from './app-error.ts';
import { fallbackStore } from './fallback-rate-limit-store.ts';

/**
 * Per-client-IP limits with @fastify/rate-limit, off by default: a route opts in
 * with `config: { rateLimit: { max, timeWindow } }`. Counters live in Redis when
 * REDIS_URL is set (shared by every node), in process memory otherwise. A
 * refused call answers 429 {message:'REQUEST_LIMIT'}. Answers whether Redis is
 * up, for /api/health.
 */
const NAMESPACE = 'jetton-rl-';

export async function registerRateLimit(app: FastifyInstance, redisUrl: string | undefined): Promise<{ redisUp?: () => boolean }> {
  let redis: Redis | undefined;
  if (redisUrl) {
    // Fail fast: a slow Redis must not hold up logins (skipOnError lets the call through).
    redis = new Redis(redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    redis.on('error', (error: unknown) => app.log.warn({ err: error }, 'rate-limit redis error'));
    const client = redis;
    app.addHook('onClose', async () => {
      // quit() needs a live connection (no offline queue): with Redis down it would fail the close.
      if (client.status !== 'ready') return client.disconnect();
      await client.quit().catch(() => client.disconnect());
    });
    // Without the offline queue, a call before the connection is up errors and skipOnError lets it
    // through uncounted: wait for it (at most the connect timeout) so a new node limits from its first call.
    await connected(client, 1_000);
  }
  await app.register(rateLimit, {
    global: false,
    // With Redis down the counts are kept per node until it is back (and the per-phone limits in the database still hold).
    ...(redis ? { store: fallbackStore(redis, NAMESPACE) } : {}),
    skipOnError: true,
    errorResponseBuilder: () => new AppError('REQUEST_LIMIT'),
  });
  // ioredis reconnects by itself; meanwhile the limits count per node, as above (docs/faults.md).
  const client = redis;
  return client ? { redisUp: () => client.status === 'ready' } : {};
}

/** Resolves once the client is ready, or has failed to connect, or after `ms`: never rejects, Redis is optional. */
function connected(client: Redis, ms: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      client.off('ready', done);
      client.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    client.once('ready', done);
    client.once('error', done);
  });
}
