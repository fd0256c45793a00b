/**
 * `npm run audit:check [-- --checkpoint <file>]`: verifies the audit trail's keyed
 * hash chain (docs/operators.md, "Audit trail") on DATABASE_URL, or on the
 * embedded database in DATA_DIR (stop the server first: the embedded engine has
 * one user at a time), with the key derived from the server's token secret
 * (TOKEN_SECRET, or DATA_DIR/secrets.json). With a kept checkpoint it also checks
 * the checkpoint's signature and that the chain still holds its row with its
 * hash. Exits 0 when all holds, 1 naming what does not, 2 when it cannot run.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { deriveAuditKeys } from './modules/admin/audit-chain.ts';
import { checkAgainstCheckpoint, type CheckpointCheck } from './modules/admin/audit-checkpoints.ts';
import { verifyAuditChain, type AuditVerifyResult } from './modules/admin/audit-log.ts';

function chainLine(result: AuditVerifyResult): string {
  if (result.firstBadSeq !== null) return `audit chain BROKEN at seq ${result.firstBadSeq} (${result.rows} rows verified before it)`;
  if (result.unkeyedRows > 0)
    return `audit chain NOT KEYED: ${result.unkeyedRows} of ${result.rows} rows are on the old unkeyed chain (start the server once to move them)`;
  return `audit chain ok: ${result.rows} rows`;
}

const CHECKPOINT_LINES: Record<CheckpointCheck['checkpoint'], string> = {
  held: 'checkpoint ok: the chain still holds seq {seq} with its hash',
  'bad-signature': 'checkpoint REFUSED: not signed with this token secret (or not a checkpoint file)',
  missing: 'checkpoint NOT FOUND: the chain has no row {seq} any more (rows deleted or the table emptied)',
  differs: 'checkpoint DIFFERS: row {seq} has another hash now (it or a row before it was rewritten)',
};

async function run(): Promise<number> {
  const { values } = parseArgs({ options: { checkpoint: { type: 'string' } } });
  const checkpoint: unknown = values.checkpoint === undefined ? undefined : JSON.parse(readFileSync(values.checkpoint, 'utf8'));
  const config = loadConfig();
  const keys = deriveAuditKeys(config.secrets.tokenSecret);
  const { db } = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'embedded', dataDir: path.join(config.dataDir, 'pglite') },
  );
  try {
    if (checkpoint === undefined) {
      const result = await verifyAuditChain(db, keys);
      process.stdout.write(`${chainLine(result)}\n`);
      return result.ok ? 0 : 1;
    }
    const check = await checkAgainstCheckpoint(db, keys, checkpoint);
    process.stdout.write(`${chainLine(check.chain)}\n${CHECKPOINT_LINES[check.checkpoint].replace('{seq}', String(check.seq))}\n`);
    return check.chain.ok && check.checkpoint === 'held' ? 0 : 1;
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
