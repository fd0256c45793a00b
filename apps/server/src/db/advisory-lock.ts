import { sql, type Kysely } from 'kysely';
import type { DatabaseEngine } from './database.ts';
import type { DB } from './schema.ts';

/** Keys of the session-level advisory locks taken at start (the audit trail's own is 7_160_016). */
export const LOCK_KEYS = {
  /** Migrations, seeds, the first owner, the sandbox accounts: one node at a time. */
  startUp: 7_160_017,
  /** The demo member's history: seeded by one node while the others start serving. */
  demoHistory: 7_160_018,
} as const;

/**
 * Runs `work` while this node holds a PostgreSQL advisory lock, waiting for it
 * first: nodes started together take turns (docs/operations.md, "Several
 * nodes"). The lock lives on one connection of its own for the whole of
 * `work`, which runs on the pool as usual, so a migration's own transactions
 * are untouched.
 *
 * The embedded engine is one process per data folder with one connection: no
 * other node can be there, and holding its connection would stall `work`.
 */
export async function withAdvisoryLock<T>(db: Kysely<DB>, engine: DatabaseEngine, key: number, work: () => Promise<T>): Promise<T> {
  if (engine === 'embedded') return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    return unlockAfter(connection, key, work);
  });
}

/** As withAdvisoryLock, without queueing: when another node holds the lock, `work` is skipped (undefined). */
export async function withAdvisoryLockIfFree<T>(
  db: Kysely<DB>,
  engine: DatabaseEngine,
  key: number,
  work: () => Promise<T>,
): Promise<T | undefined> {
  if (engine === 'embedded') return work();
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(connection);
    return rows[0]?.locked ? unlockAfter(connection, key, work) : undefined;
  });
}

async function unlockAfter<T>(connection: Kysely<DB>, key: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    // A session lock outlives the checkout: released here, or the pooled connection would keep it.
    // If the connection is gone, so is the lock.
    await sql`select pg_advisory_unlock(${key})`.execute(connection).catch(() => undefined);
  }
}
