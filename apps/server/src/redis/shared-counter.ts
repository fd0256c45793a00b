import type { Redis } from 'ioredis';
import type { RedisLink } from './redis-link.ts';
import { createWindowCounter } from './window-counter.ts';

/**
 * One hit on a fixed window: the count, with the window's expiry set by the hit that opens it (or
 * mended, should a key ever be left without one).
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

type WithHit = Redis & { jettonWindowHit: (key: string, windowMs: number) => Promise<number> };

/**
 * Fixed-window counters shared by every node in Redis while the link is up, and counted in this
 * node's memory while it is not (docs/faults.md, "Redis lost"): losing Redis loosens a limit to
 * per node, never lifts it, and never makes the caller wait (the link fails fast). The two counts
 * are separate: a window that spans the switch starts over.
 */
export function createSharedCounter(link: RedisLink | undefined, prefix: string, now: () => number = Date.now) {
  const local = createWindowCounter(now);
  let client: WithHit | undefined;
  if (link) {
    if (!('jettonWindowHit' in link.client)) link.client.defineCommand('jettonWindowHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    client = link.client as WithHit;
  }
  return {
    /** Counts one hit on `key`; false when it is over `max` in its window. */
    async hit(key: string, max: number, windowMs: number): Promise<boolean> {
      if (client && link?.usable()) {
        try {
          return (await client.jettonWindowHit(`${prefix}${key}`, windowMs)) <= max;
        } catch {
          // Failed or timed out: this hit counts in the node instead.
        }
      }
      return local.hit(key, max, windowMs);
    },
  };
}
export type SharedCounter = ReturnType<typeof createSharedCounter>;
