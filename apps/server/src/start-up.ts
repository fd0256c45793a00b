import type { Kysely } from 'kysely';
import { LOCK_KEYS, withAdvisoryLock } from './db/advisory-lock.ts';
import { migrateToLatest, type DatabaseEngine } from './db/database.ts';
import type { DB } from './db/schema.ts';
import { deriveAuditKeys } from './modules/admin/audit-chain.ts';
import { createAuditWriter, rechainUnkeyedAudit, type RechainOutcome } from './modules/admin/audit-log.ts';
import { ensureOperators } from './modules/admin/operator-setup.ts';
import type { DisabledSandboxAccounts } from './sandbox/sandbox-accounts.ts';
import { seedDatabase } from './seed.ts';

export type PreparedDatabase = {
  /** Created by this start (printed once by main.ts); null when an owner exists or another node made it. */
  firstOwner: { login: string; password: string } | null;
  /** With the sandbox off: the published demo accounts this start disabled. */
  sandboxDisabled: DisabledSandboxAccounts | null;
  /** Audit rows written before the keyed chain, moved onto it by this start (docs/operators.md, "Audit trail"). */
  auditRechain: RechainOutcome;
};

/**
 * Everything a node writes before it serves: migrations, the first-start
 * content, the audit rows of the old unkeyed chain moved onto the keyed one,
 * the operators, and with the sandbox off the sandbox's accounts disabled.
 * Any number of nodes may start at once on a fresh or an existing
 * database (docs/operations.md, "Several nodes"): they take turns on an
 * advisory lock, so the first does the work and the others find it done; the
 * writes themselves are idempotent besides (ON CONFLICT, conditional updates),
 * in case the lock's connection drops half-way.
 */
export async function prepareDatabase(
  db: Kysely<DB>,
  engine: DatabaseEngine,
  options: { sandbox: boolean; tokenSecret: string; ownerPassword: string | undefined; now: Date },
): Promise<PreparedDatabase> {
  return withAdvisoryLock(db, engine, LOCK_KEYS.startUp, async () => {
    await migrateToLatest(db);
    // The sandbox's own tables (the demo game provider), only with it on (docs/sandbox.md).
    if (options.sandbox) await (await import('./sandbox/sandbox-migrations.ts')).migrateSandbox(db);
    await seedDatabase(db, { demoMember: options.sandbox });
    const keys = deriveAuditKeys(options.tokenSecret);
    const audit = createAuditWriter(keys);
    const auditRechain = await rechainUnkeyedAudit(db, keys);
    const firstOwner = await ensureOperators(db, { ...options, audit });
    const sandboxDisabled = options.sandbox
      ? null
      : await (await import('./sandbox/sandbox-accounts.ts')).disableSandboxAccounts(db, options.now, audit);
    return { firstOwner, sandboxDisabled, auditRechain };
  });
}
