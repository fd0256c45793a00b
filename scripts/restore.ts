/**
 * `npm run restore -- FILE`: a backup made by `npm run backup` into an empty place
 * (docs/operations.md, "Backups"). DATABASE_URL set: pg_restore into that database, which
 * must hold no tables. Unset: the embedded engine's folder in DATA_DIR (default ./data),
 * which must be empty or absent. A refusal or a failure changes nothing. Stop the server first.
 */
import path from 'node:path';
import { restore } from '../apps/server/src/db/backup.ts';

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: npm run restore -- FILE\n');
  process.exit(2);
}
try {
  const done = await restore(
    { databaseUrl: process.env.DATABASE_URL || undefined, dataDir: path.resolve(process.env.DATA_DIR ?? './data') },
    file,
  );
  process.stdout.write(`${done}\n`);
} catch (error) {
  process.stderr.write(`restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
