import { sql, type Kysely } from 'kysely';

/**
 * Idempotency keys that outlive the node that took them (docs/faults.md):
 *
 * - idempotency_keys.lease_until: until when the request that claimed the key
 *   is presumed alive. Past it, a re-send of the same request no longer waits
 *   for that request: it is answered from what the request left behind. Null on
 *   keys from before this column (their lease counts from created_at).
 * - transfers.idempotency_key: the key of the request that started the
 *   transfer (on the first leg of a group), so a re-send finds it. Unique per
 *   member: two runs of one request can never both move the money, whatever
 *   the timing of a node's death and a re-send.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('lease_until', 'timestamptz').execute();
  await db.schema.alterTable('transfers').addColumn('idempotency_key', 'text').execute();
  await db.schema
    .createIndex('transfers_member_idempotency_key')
    .unique()
    .on('transfers')
    .columns(['member_id', 'idempotency_key'])
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('transfers_member_idempotency_key').execute();
  await db.schema.alterTable('transfers').dropColumn('idempotency_key').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('lease_until').execute();
}
