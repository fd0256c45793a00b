import { existsSync, readdirSync } from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import pg from 'pg';
import { defaultUploadsRoot } from '../adapters/storage/local-disk-storage.ts';
import type { ObjectStorage } from '../adapters/storage/object-storage.ts';
import { createUploadStorage } from '../adapters/storage/upload-storage.ts';
import { openDatabase, readMigrations } from '../db/database.ts';
import { unpackEmbeddedBackup } from '../db/embedded-archive.ts';
import { oneLine, redact, run, uploadsFileOf, embeddedDir, type BackupTarget } from './backup-tools.ts';
import { checkUploadsArchive, restoreUploadsArchive } from './uploads-archive.ts';

/**
 * `npm run restore -- FILE` (docs/operations.md, "Backups"): a backup into an empty place, all or
 * nothing. Both files are read whole and checked first (the embedded tar's gzip checksum and end,
 * pg_restore's reading of the archive's table of contents, the uploads against their manifest), so
 * a damaged or cut file is refused before anything is written. Then the uploads go back (objects
 * already there with the same bytes are left), then the database (pg_restore in one transaction, or
 * an empty data folder filled and opened once); if that fails, whatever this restore added is
 * taken away again.
 */
export async function restore(target: BackupTarget, file: string, options: { withoutUploads?: boolean } = {}): Promise<string> {
  const kind = backupKind(await head(file));
  const uploadsFile = uploadsFileOf(file);
  // 1. Every file whole and undamaged.
  let embeddedTar: Buffer | undefined;
  if (target.databaseUrl) {
    if (kind !== 'pg_dump')
      throw new Error(`${file} is not a pg_dump custom-format file (an embedded backup restores with DATABASE_URL unset)`);
    await run('pg_restore', ['--list', file]).catch((error: unknown) => {
      throw new Error(`${file} cannot be read: ${oneLine(error)}`);
    });
  } else {
    if (kind !== 'embedded') throw new Error(`${file} is not an embedded backup (a pg_dump file restores with DATABASE_URL set)`);
    embeddedTar = await unpackEmbeddedBackup(await readFile(file)).catch((error: unknown) => {
      throw new Error(`${file} is ${oneLine(error)}`);
    });
  }
  if (!options.withoutUploads) {
    if (!existsSync(uploadsFile))
      throw new Error(
        `${uploadsFile} is missing: the uploads are backed up beside the database (--without-uploads restores the database alone)`,
      );
    await checkUploadsArchive(uploadsFile).catch((error: unknown) => {
      throw new Error(`${uploadsFile} is ${oneLine(error)}`);
    });
  }
  // 2. An empty place.
  if (target.databaseUrl) {
    const tables = await userTables(target.databaseUrl);
    if (tables > 0) throw new Error(`refusing to restore: the database already holds ${tables} tables (restore into an empty database)`);
  }
  const dir = embeddedDir(target.dataDir);
  if (!target.databaseUrl && existsSync(dir) && readdirSync(dir).length > 0)
    throw new Error(`refusing to restore: ${dir} is not empty (restore into an empty data folder)`);

  // 3. The uploads, then the database; undone together.
  const localUploads = defaultUploadsRoot(target.dataDir);
  const hadDataDir = existsSync(target.dataDir);
  const hadLocalUploads = existsSync(localUploads);
  const added: { store: ObjectStorage; key: string }[] = [];
  const uploads = createUploadStorage(target);
  try {
    const restored = options.withoutUploads
      ? undefined
      : await restoreUploadsArchive(uploads, uploadsFile, (store, key) => added.push({ store, key }));
    const where = target.databaseUrl ? await restorePostgres(target.databaseUrl, file) : await restoreEmbedded(dir, embeddedTar);
    return restored ? `${where}; uploads into ${uploads.where}: ${restored.added} added, ${restored.present} already there` : where;
  } catch (error) {
    for (const { store, key } of added) await store.delete(key).catch(() => undefined);
    if (target.storage.kind === 'local' && !hadLocalUploads) await rm(localUploads, { recursive: true, force: true });
    if (!target.databaseUrl) await rm(dir, { recursive: true, force: true });
    if (!hadDataDir) await rm(target.dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    uploads.close();
  }
}

async function restorePostgres(url: string, file: string): Promise<string> {
  // One transaction: a failure leaves the database as empty as it was.
  await run('pg_restore', ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', '--dbname', url, file]);
  return `restored into ${redact(url)}`;
}

async function restoreEmbedded(dir: string, tar: Buffer | undefined): Promise<string> {
  if (!tar) throw new Error('no embedded backup read');
  const database = await openDatabase({ kind: 'embedded', dataDir: dir, template: new Blob([tar]) });
  try {
    // Opened, recovered and answering: a restore that cannot be read is no restore.
    await readMigrations(database.db);
  } finally {
    await database.db.destroy();
  }
  return `restored into ${dir}`;
}

async function head(file: string): Promise<Buffer> {
  const bytes = Buffer.alloc(5);
  const handle = await open(file, 'r');
  await handle.read(bytes, 0, 5, 0).finally(() => handle.close());
  return bytes;
}

function backupKind(head: Buffer): 'pg_dump' | 'embedded' | 'unknown' {
  if (head.toString('latin1') === 'PGDMP') return 'pg_dump';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'embedded';
  return 'unknown';
}

async function userTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S') and s.nspname not in ('pg_catalog', 'information_schema')
          and s.nspname not like 'pg_toast%' and s.nspname not like 'pg_temp%'`,
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}
