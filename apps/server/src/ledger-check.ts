/**
 * `npm run ledger:check`: checks the ledger's invariants (docs/money.md, "The ledger") on
 * DATABASE_URL, or on the embedded database in DATA_DIR: through the running server when one
 * serves that folder (over its socket, as backups are made), else by opening the folder. The
 * step "check the ledger before the nodes start" of a recovery (docs/operations.md, "Backups").
 * Prints what it covered and every violation; exits 0 when the ledger holds, 1 when it does not,
 * 2 when it could not check.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { oneLine } from './backup/backup-tools.ts';
import { ConfigError, loadOperatorConfig } from './config.ts';
import { requestEmbedded } from './db/backup-socket.ts';
import { openDatabase } from './db/database.ts';
import { checkLedger } from './ledger/check-invariants.ts';
import { ledgerReportJson, printLedgerReport, type LedgerReport } from './ledger/ledger-report.ts';

async function report(): Promise<{ report: LedgerReport; where: string }> {
  const config = loadOperatorConfig();
  if (!config.databaseUrl) {
    const fromServer = await requestEmbedded(config.dataDir, 'ledger-check');
    if (fromServer !== 'no-server')
      return { report: JSON.parse(fromServer.toString('utf8')) as LedgerReport, where: `the server running on ${config.dataDir}` };
    const dir = path.join(config.dataDir, 'pglite');
    if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`no database in ${dir}`);
  }
  const where = config.databaseUrl ? new URL(config.databaseUrl).pathname.slice(1) : path.join(config.dataDir, 'pglite');
  const { db } = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2 }
      : { kind: 'embedded', dataDir: path.join(config.dataDir, 'pglite') },
  );
  try {
    return { report: JSON.parse(ledgerReportJson(await checkLedger(db))) as LedgerReport, where };
  } finally {
    await db.destroy();
  }
}

report().then(
  ({ report, where }) => {
    process.stdout.write(printLedgerReport(report, where));
    process.exit(report.violations.length === 0 ? 0 : 1);
  },
  (error: unknown) => {
    process.stderr.write(`ledger check failed: ${error instanceof ConfigError ? error.message : oneLine(error)}\n`);
    process.exit(2);
  },
);
