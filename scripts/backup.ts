/**
 * `npm run backup -- FILE`: a consistent copy of the database while the server runs
 * (docs/operations.md, "Backups"). DATABASE_URL set: pg_dump, custom format. Unset: the
 * embedded engine in DATA_DIR (default ./data), dumped by the running server, or by this
 * process when none runs. FILE appears only once complete.
 */
import path from 'node:path';
import { backup } from '../apps/server/src/db/backup.ts';

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: npm run backup -- FILE\n');
  process.exit(2);
}
try {
  const { bytes, how } = await backup(
    { databaseUrl: process.env.DATABASE_URL || undefined, dataDir: path.resolve(process.env.DATA_DIR ?? './data') },
    file,
  );
  process.stdout.write(`backup written to ${file}: ${bytes} bytes (${how})\n`);
} catch (error) {
  process.stderr.write(`backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
