import { sql, type Kysely } from 'kysely';
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
     * Deletes up to `limit` keys created before `before`, oldest first (index on
     * created_at); returns how many. Rows another statement holds are skipped,
     * not waited for. The delete finds the claimed rows by their ctid (a TID
     * scan): matched on (scope, key) instead, the planner joined a batch of
     * thousands expected rows by hashing over a scan of the whole table.
     */
    async purgeCreatedBefore(before: Date, limit: number): Promise<number> {
      const result = await sql`
        delete from idempotency_keys where ctid = any(array(
          select ctid from idempotency_keys where created_at < ${before} order by created_at limit ${limit} for update skip locked
        ))`.execute(db);
      return Number(result.numAffectedRows ?? 0n);
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
