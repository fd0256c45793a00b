/**
 * `npm run restore -- FILE [--without-uploads]`: a backup made by `npm run backup` into an empty
 * place (docs/operations.md, "Backups"): the database from FILE, the uploads from
 * FILE.uploads.tar. DATABASE_URL set: pg_restore into that database, which must hold no tables.
 * Unset: the embedded engine's folder in DATA_DIR (default ./data), which must be empty or absent.
 * Both files are checked whole first; a refusal or a failure says why in one line and leaves
 * nothing behind. Stop the server first.
 */
import { oneLine } from '../apps/server/src/backup/backup-tools.ts';
import { restore } from '../apps/server/src/backup/restore.ts';
import { loadOperatorConfig } from '../apps/server/src/config.ts';

const args = process.argv.slice(2);
const withoutUploads = args.includes('--without-uploads');
const [file, ...rest] = args.filter((a) => a !== '--without-uploads');
if (!file || rest.length > 0) {
  process.stderr.write('usage: npm run restore -- FILE [--without-uploads]\n');
  process.exit(2);
}
// Whatever fails, and however (an engine's own stream error included), the operator reads one line.
process.on('unhandledRejection', (error) => {
  process.stderr.write(`restore failed: ${oneLine(error)}\n`);
  process.exit(1);
});
try {
  process.stdout.write(`${await restore(loadOperatorConfig(), file, { withoutUploads })}\n`);
} catch (error) {
  process.stderr.write(`restore failed: ${oneLine(error)}\n`);
  process.exit(1);
}
