import { existsSync } from 'node:fs';
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createUploadStorage } from '../adapters/storage/upload-storage.ts';
import { requestEmbeddedBackup } from '../db/backup-socket.ts';
import { openDatabase } from '../db/database.ts';
import { embeddedDir, flushFile, run, uploadsFileOf, type BackupTarget } from './backup-tools.ts';
import { writeUploadsArchive, type UploadsFigures } from './uploads-archive.ts';

/**
 * `npm run backup -- FILE` (docs/operations.md, "Backups"): the database into FILE and the uploads
 * into FILE.uploads.tar beside it.
 *
 * Embedded: the data folder as a gzipped tar, dumped by the engine (a running server makes it on
 * request over its socket; with none running, this process opens the folder and dumps it).
 * PostgreSQL: `pg_dump` in custom format, one consistent snapshot whatever runs meanwhile.
 * Uploads after the database: every object a row of the copy names was stored before its row
 * (slips and chat media alike), so it is in the uploads' copy; objects newer than the copy are
 * harmless extras. Both files appear only once both are complete, FILE last.
 */
export async function backup(
  target: BackupTarget,
  file: string,
): Promise<{ bytes: number; how: string; uploads: UploadsFigures & { file: string } }> {
  const partial = `${file}.partial`;
  const uploadsFile = uploadsFileOf(file);
  const uploadsPartial = `${uploadsFile}.partial`;
  try {
    const how = await backupDatabase(target, partial);
    await flushFile(partial);
    const uploads = createUploadStorage(target);
    const figures = await writeUploadsArchive(uploads, uploadsPartial).finally(() => uploads.close());
    // Renamed only once complete: FILE is never a half-written backup, nor one without its uploads.
    await rename(uploadsPartial, uploadsFile);
    await rename(partial, file);
    return { bytes: (await stat(file)).size, how, uploads: { ...figures, file: uploadsFile } };
  } catch (error) {
    await rm(partial, { force: true });
    await rm(uploadsPartial, { force: true });
    throw error;
  }
}

async function backupDatabase(target: BackupTarget, partial: string): Promise<string> {
  if (target.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, '--dbname', target.databaseUrl]);
    return 'pg_dump, custom format';
  }
  const fromServer = await requestEmbeddedBackup(target.dataDir);
  if (fromServer !== 'no-server') {
    await writeFile(partial, fromServer, { mode: 0o600 });
    return 'embedded, dumped by the running server';
  }
  if (!existsSync(path.join(embeddedDir(target.dataDir), 'PG_VERSION'))) throw new Error(`no database in ${embeddedDir(target.dataDir)}`);
  const database = await openDatabase({ kind: 'embedded', dataDir: embeddedDir(target.dataDir) });
  try {
    if (!database.dumpDataDir) throw new Error('this engine cannot dump its data folder');
    await writeFile(partial, await database.dumpDataDir(), { mode: 0o600 });
  } finally {
    await database.db.destroy();
  }
  return 'embedded, no server running: dumped by this process';
}
