import { sql, type Kysely } from 'kysely';

/**
 * The cleanup job's index on sessions: when each one died. least() skips NULLs,
 * so this is the revocation time or, for an unrevoked session, its expiry. The
 * job deletes in batches by `least(expires_at, revoked_at) < cutoff`, and each
 * batch is an index range scan instead of a pass over the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('sessions_dead_at_idx')
    .on('sessions')
    .expression(sql`least(expires_at, revoked_at)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_dead_at_idx').execute();
}
