/**
 * `npm run backup -- FILE`: a consistent copy of the database while the server runs, and of the
 * uploads beside it in FILE.uploads.tar (docs/operations.md, "Backups"). DATABASE_URL set:
 * pg_dump, custom format. Unset: the embedded engine in DATA_DIR (default ./data), dumped by the
 * running server, or by this process when none runs. Uploads: DATA_DIR/uploads, or the S3_BUCKET.
 * Both files appear only once complete.
 */
import { backup } from '../apps/server/src/backup/backup.ts';
import { oneLine } from '../apps/server/src/backup/backup-tools.ts';
import { loadOperatorConfig } from '../apps/server/src/config.ts';

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: npm run backup -- FILE\n');
  process.exit(2);
}
try {
  const { bytes, how, uploads } = await backup(loadOperatorConfig(), file);
  process.stdout.write(
    `backup written to ${file}: ${bytes} bytes (${how}); uploads to ${uploads.file}: ${uploads.objects} objects, ${uploads.bytes} bytes\n`,
  );
} catch (error) {
  process.stderr.write(`backup failed: ${oneLine(error)}\n`);
  process.exit(1);
}
