import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * A transaction-scoped advisory lock per member for slip uploads: the count of
 * processing slips and the insert happen as one step across every node.
 */
export async function lockMemberSlips(trx: Kysely<DB>, memberId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`slips:${memberId}`}, 0))`.execute(trx);
}
