import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export type StoredIdempotency = {
  request_hash: string;
  state: 'processing' | 'done';
  response_status: number | null;
  response_type: string | null;
  response_body: string | null;
  created_at: Date;
};

/**
 * Kysely stays here. Every statement runs on its own (autocommit), outside the
 * route's money transaction: the claim must be visible to a concurrent duplicate
 * at once, and on PGlite a second transaction would wait for the first.
 */
export function createIdempotencyRepository(db: Kysely<DB>) {
  return {
    /** True when this call created the claim; false when the key exists already. */
    async claim(scope: string, key: string, requestHash: string, now: Date): Promise<boolean> {
      const row = await db
        .insertInto('idempotency_keys')
        .values({ scope, key, request_hash: requestHash, state: 'processing', created_at: now })
        .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      return row !== undefined;
    },

    async find(scope: string, key: string): Promise<StoredIdempotency | undefined> {
      return db
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'state', 'response_status', 'response_type', 'response_body', 'created_at'])
        .where('scope', '=', scope)
        .where('key', '=', key)
        .executeTakeFirst();
    },

    /** Re-claims an expired key; compare-and-set on created_at so only one taker wins. */
    async takeOver(scope: string, key: string, expiredAt: Date, requestHash: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('idempotency_keys')
        .set({ request_hash: requestHash, state: 'processing', response_status: null, response_type: null, response_body: null, created_at: now })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('created_at', '=', expiredAt)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async complete(scope: string, key: string, response: { status: number; type: string | null; body: string }): Promise<void> {
      await db
        .updateTable('idempotency_keys')
        .set({ state: 'done', response_status: response.status, response_type: response.type, response_body: response.body })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute();
    },

    async release(scope: string, key: string): Promise<void> {
      await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).execute();
    },

    /**
     * Deletes up to `limit` keys created before `before` (index on created_at);
     * returns how many. Rows another statement holds are skipped, not waited for.
     */
    async purgeCreatedBefore(before: Date, limit: number): Promise<number> {
      const result = await db
        .deleteFrom('idempotency_keys')
        .where((eb) =>
          eb(
            eb.refTuple('scope', 'key'),
            'in',
            eb
              .selectFrom('idempotency_keys')
              .select(['scope', 'key'])
              .where('created_at', '<', before)
              .limit(limit)
              .forUpdate()
              .skipLocked()
              .$asTuple('scope', 'key'),
          ),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
