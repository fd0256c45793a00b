import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export type StoredIdempotency = {
  request_hash: string;
  state: 'processing' | 'done';
  response_status: number | null;
  response_type: string | null;
  response_body: string | null;
  created_at: Date;
  lease_until: Date | null;
};

export type KeyClaim = { scope: string; key: string; requestHash: string; now: Date; leaseUntil: Date };
export type KeyAnswer = { scope: string; key: string; leaseUntil: Date; response: { status: number; type: string | null; body: string } };
const keyId = (scope: string, key: string) => `${scope} ${key.toLowerCase()}`;

/**
 * Kysely stays here. Every statement runs on its own (autocommit), outside the
 * route's money transaction: the claim must be visible to a concurrent duplicate
 * at once, and on PGlite a second transaction would wait for the first.
 */
export function createIdempotencyRepository(db: Kysely<DB>) {
  return {
    /** True when this call created the claim; false when the key exists already. */
    async claim(scope: string, key: string, requestHash: string, now: Date, leaseUntil: Date): Promise<boolean> {
      const row = await db
        .insertInto('idempotency_keys')
        .values({ scope, key, request_hash: requestHash, state: 'processing', created_at: now, lease_until: leaseUntil })
        .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Many claims in ONE statement (gathered from concurrent requests): for
     * each, in order, whether it created its key. Of two claims of the same key
     * in one batch only the first can win. Keys are inserted in key order, so
     * two nodes' batches over the same keys wait for each other, never in a cycle.
     */
    async claimMany(claims: KeyClaim[]): Promise<boolean[]> {
      if (claims.length === 0) return [];
      const { rows } = await sql<{ scope: string; key: string }>`
        insert into idempotency_keys (scope, key, request_hash, state, created_at, lease_until)
        select v.scope, v.key, v.request_hash, 'processing', v.created_at, v.lease_until
        from unnest(${claims.map((c) => c.scope)}::text[], ${claims.map((c) => c.key)}::uuid[], ${claims.map((c) => c.requestHash)}::text[],
          ${claims.map((c) => c.now.toISOString())}::timestamptz[], ${claims.map((c) => c.leaseUntil.toISOString())}::timestamptz[])
          as v(scope, key, request_hash, created_at, lease_until)
        order by v.scope, v.key
        on conflict (scope, key) do nothing
        returning scope, key::text`.execute(db);
      const created = new Set(rows.map((r) => keyId(r.scope, r.key)));
      const first = new Map<string, number>();
      claims.forEach((c, i) => first.has(keyId(c.scope, c.key)) || first.set(keyId(c.scope, c.key), i));
      return claims.map((c, i) => first.get(keyId(c.scope, c.key)) === i && created.has(keyId(c.scope, c.key)));
    },

    /**
     * Many answers stored in ONE statement (gathered from concurrent requests),
     * each only if its claim (its lease) still holds its key: a request that
     * was taken over writes nothing.
     */
    async completeMany(answers: KeyAnswer[]): Promise<void> {
      if (answers.length === 0) return;
      await sql`
        update idempotency_keys k
        set state = 'done', response_status = v.status, response_type = v.type, response_body = v.body
        from unnest(${answers.map((a) => a.scope)}::text[], ${answers.map((a) => a.key)}::uuid[],
          ${answers.map((a) => a.leaseUntil.toISOString())}::timestamptz[], ${answers.map((a) => a.response.status)}::int[],
          ${answers.map((a) => a.response.type)}::text[], ${answers.map((a) => a.response.body)}::text[])
          as v(scope, key, lease_until, status, type, body)
        where k.scope = v.scope and k.key = v.key and k.lease_until = v.lease_until`.execute(db);
    },

    async find(scope: string, key: string): Promise<StoredIdempotency | undefined> {
      return db
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'state', 'response_status', 'response_type', 'response_body', 'created_at', 'lease_until'])
        .where('scope', '=', scope)
        .where('key', '=', key)
        .executeTakeFirst();
    },

    /**
     * Re-claims a key past its replay window, or one whose request's lease
     * expired having left nothing: compare-and-set on the row as it was read,
     * so of concurrent takers only one wins.
     */
    async takeOver(
      scope: string,
      key: string,
      seen: Pick<StoredIdempotency, 'created_at' | 'lease_until'>,
      requestHash: string,
      now: Date,
      leaseUntil: Date,
    ): Promise<boolean> {
      const result = await db
        .updateTable('idempotency_keys')
        .set({
          request_hash: requestHash,
          state: 'processing',
          response_status: null,
          response_type: null,
          response_body: null,
          created_at: now,
          lease_until: leaseUntil,
        })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('created_at', '=', seen.created_at)
        .where((eb) => (seen.lease_until === null ? eb('lease_until', 'is', null) : eb('lease_until', '=', seen.lease_until)))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async release(scope: string, key: string, leaseUntil: Date): Promise<void> {
      await db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('lease_until', '=', leaseUntil)
        .execute();
    },

    /** The request ends without a known outcome: its lease ends now, so a re-send is resolved at once. */
    async endLease(scope: string, key: string, leaseUntil: Date, now: Date): Promise<void> {
      await db
        .updateTable('idempotency_keys')
        .set({ lease_until: now })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('state', '=', 'processing')
        .where('lease_until', '=', leaseUntil)
        .execute();
    },

    /** Ends the lease of every key still processing (their requests are known dead); answers how many. */
    async endEveryLease(now: Date): Promise<number> {
      const result = await db
        .updateTable('idempotency_keys')
        .set({ lease_until: now })
        .where('state', '=', 'processing')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '>', now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
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
