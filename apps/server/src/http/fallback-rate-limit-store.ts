import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { RedisLink } from '../redis/redis-link.ts';

type Done = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
/** The plugin's own stores also answer `read` (a peek without counting). */
type Store = FastifyRateLimitStore & { read?: FastifyRateLimitStore['incr'] };

// The plugin's own two stores (CommonJS files without typings): the same counting either way.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  cache: number | undefined,
) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  nameSpace: string,
) => Store;

/**
 * A rate-limit store that counts in Redis (shared by every node) while the
 * link is up, and in this node's memory while it is not, so losing Redis
 * loosens the limits to per node instead of dropping them, and no request
 * waits on it (the link fails fast: docs/faults.md). The two counts are
 * separate: a window that spans the switch starts over.
 */
export function fallbackStore(link: RedisLink, nameSpace: string): FastifyRateLimitStoreCtor {
  const redis: Redis = link.client;
  class FallbackStore implements Store {
    private readonly shared: Store;
    private readonly local: Store;
    constructor(given: FastifyRateLimitOptions, pair?: { shared: Store; local: Store }) {
      // What the plugin hands a store at runtime (its global or route parameters) carries these too.
      const options = given as FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number };
      this.shared = pair?.shared ?? new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace);
      this.local = pair?.local ?? new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache);
    }

    incr(key: string, done: Done, timeWindow: number, max: number): void {
      if (!link.usable()) return this.local.incr(key, done, timeWindow, max);
      this.shared.incr(key, (error, result) => (error ? this.local.incr(key, done, timeWindow, max) : done(null, result)), timeWindow, max);
    }

    read(key: string, done: Done, timeWindow: number, max: number): void {
      (link.usable() ? this.shared : this.local).read?.(key, done, timeWindow, max);
    }

    child(routeOptions: RouteOptions): Store {
      return new FallbackStore(routeOptions, { shared: this.shared.child(routeOptions), local: this.local.child(routeOptions) });
    }
  }
  return FallbackStore;
}
