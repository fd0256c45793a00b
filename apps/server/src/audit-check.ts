/**
 * `npm run audit:check`: verifies the audit trail's hash chain (docs/operators.md,
 * "Audit trail") on DATABASE_URL, or on the embedded database in DATA_DIR (stop
 * the server first: the embedded engine has one user at a time). Exits 0 when the
 * chain holds, 1 when a row was edited, removed or inserted, naming the first.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { verifyAuditChain } from './modules/admin/audit-log.ts';

async function run(): Promise<number> {
  const config = loadConfig();
  const { db } = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'embedded', dataDir: path.join(config.dataDir, 'pglite') },
  );
  try {
    const result = await verifyAuditChain(db);
    process.stdout.write(
      result.ok
        ? `audit chain ok: ${result.rows} rows\n`
        : `audit chain BROKEN at seq ${result.firstBadSeq} (${result.rows} rows verified before it)\n`,
    );
    return result.ok ? 0 : 1;
  } finally {
    await db.destroy();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof ConfigError ? error.message : String(error instanceof Error ? (error.stack ?? error.message) : error)}\n`,
    );
    process.exit(2);
  },
);
