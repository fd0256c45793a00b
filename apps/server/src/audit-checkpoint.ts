/**
 * `npm run audit:checkpoint [-- --out <file>]`: prints the audit chain's head as a
 * signed checkpoint `{"seq","hash","at","signature"}` (docs/operators.md, "Audit
 * trail"), and writes it to the file when asked. Keep it outside the database;
 * `npm run audit:check -- --checkpoint <file>` later proves the chain still holds
 * it. Same database and secret as audit:check; exits 0, or 2 when it cannot run.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { deriveAuditKeys } from './modules/admin/audit-chain.ts';
import { currentCheckpoint } from './modules/admin/audit-checkpoints.ts';

async function run(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  const { db } = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'embedded', dataDir: path.join(config.dataDir, 'pglite') },
  );
  try {
    const json = `${JSON.stringify(await currentCheckpoint(db, deriveAuditKeys(config.secrets.tokenSecret), new Date()))}\n`;
    if (values.out !== undefined) writeFileSync(values.out, json);
    process.stdout.write(json);
  } finally {
    await db.destroy();
  }
}

run().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof ConfigError ? error.message : String(error instanceof Error ? (error.stack ?? error.message) : error)}\n`,
    );
    process.exit(2);
  },
);
