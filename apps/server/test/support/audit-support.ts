import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import { deriveAuditKeys } from '../../src/modules/admin/audit-chain.ts';
import { testConfig } from './test-app.ts';

/** The chain key of every test app (its token secret): what `verifyAuditChain` checks with. */
export const TEST_AUDIT_KEYS = deriveAuditKeys(testConfig().secrets.tokenSecret);

/**
 * Runs SQL as someone who owns the table and turns the append-only guard off
 * (migration 0037) for one transaction: what an attacker with the database's
 * own rights could do, and what the checks must still catch.
 */
export async function tamperAuditLog(db: Kysely<DB>, ...statements: RawBuilder<unknown>[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`alter table audit_log disable trigger user`.execute(trx);
    for (const statement of statements) await statement.execute(trx);
    await sql`alter table audit_log enable trigger user`.execute(trx);
  });
}
