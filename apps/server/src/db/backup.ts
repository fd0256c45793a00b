import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { requestEmbeddedBackup } from './backup-socket.ts';
import { openDatabase } from './database.ts';

/**
 * `npm run backup -- FILE` and `npm run restore -- FILE` (docs/operations.md, "Backups").
 *
 * Embedded: the data folder as a gzipped tar, dumped by the engine (a running server makes it on
 * request over its socket; with none running, this process opens the folder and dumps it).
 * PostgreSQL: `pg_dump` in custom format, one consistent snapshot whatever runs meanwhile.
 * Restore goes into an empty place only, and all or nothing.
 */
export type BackupTarget = { databaseUrl: string | undefined; dataDir: string };

/** Where the embedded engine keeps its files (main.ts opens the same). */
export const embeddedDir = (dataDir: string): string => path.join(dataDir, 'pglite');

export async function backup(target: BackupTarget, file: string): Promise<{ bytes: number; how: string }> {
  const partial = `${file}.partial`;
  try {
    let how: string;
    if (target.databaseUrl) {
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, '--dbname', target.databaseUrl]);
      how = 'pg_dump, custom format';
    } else {
      const fromServer = await requestEmbeddedBackup(target.dataDir);
      if (fromServer === 'no-server') {
        if (!existsSync(path.join(embeddedDir(target.dataDir), 'PG_VERSION')))
          throw new Error(`no database in ${embeddedDir(target.dataDir)}`);
        const database = await openDatabase({ kind: 'embedded', dataDir: embeddedDir(target.dataDir) });
        try {
          await writeFile(partial, Buffer.from(await (await requiredDump(database.dumpDataDir)()).arrayBuffer()));
        } finally {
          await database.db.destroy();
        }
        how = 'embedded, no server running: dumped by this process';
      } else {
        await writeFile(partial, fromServer);
        how = 'embedded, dumped by the running server';
      }
    }
    await flushFile(partial);
    // Renamed only once complete: FILE is never a half-written backup.
    await rename(partial, file);
    return { bytes: (await stat(file)).size, how };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

export async function restore(target: BackupTarget, file: string): Promise<string> {
  const head = Buffer.alloc(5);
  const handle = await open(file, 'r');
  await handle.read(head, 0, 5, 0).finally(() => handle.close());
  const kind = backupKind(head);
  if (target.databaseUrl) {
    if (kind !== 'pg_dump')
      throw new Error(`${file} is not a pg_dump custom-format file (an embedded backup restores with DATABASE_URL unset)`);
    const tables = await userTables(target.databaseUrl);
    if (tables > 0) throw new Error(`refusing to restore: the database already holds ${tables} tables (restore into an empty database)`);
    // One transaction: a failure leaves the database as empty as it was.
    await run('pg_restore', [
      '--exit-on-error',
      '--single-transaction',
      '--no-owner',
      '--no-privileges',
      '--dbname',
      target.databaseUrl,
      file,
    ]);
    return `restored into ${redact(target.databaseUrl)}`;
  }
  if (kind !== 'embedded') throw new Error(`${file} is not an embedded backup (a pg_dump file restores with DATABASE_URL set)`);
  const dir = embeddedDir(target.dataDir);
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new Error(`refusing to restore: ${dir} is not empty (restore into an empty data folder)`);
  try {
    const database = await openDatabase({ kind: 'embedded', dataDir: dir, template: new Blob([await readFile(file)]) });
    try {
      // Opened, recovered and answering: a restore that cannot be read is no restore.
      await sql`select count(*) from kysely_migration`.execute(database.db);
    } finally {
      await database.db.destroy();
    }
  } catch (error) {
    // Nothing half there: a failed restore leaves the folder empty again.
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return `restored into ${dir}`;
}

function backupKind(head: Buffer): 'pg_dump' | 'embedded' | 'unknown' {
  if (head.toString('latin1') === 'PGDMP') return 'pg_dump';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'embedded';
  return 'unknown';
}

function requiredDump(dump: (() => Promise<Blob>) | undefined): () => Promise<Blob> {
  if (!dump) throw new Error('this engine cannot dump its data folder');
  return dump;
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

/** A backup is on disk before it is called done. */
async function flushFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${command} not found: install the PostgreSQL client tools (Debian: postgresql-client)`)
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code ?? 'signal'}): ${redactAll(stderr.trim())}`)),
    );
  });
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

const redactAll = (text: string): string => text.replace(/(postgres(?:ql)?:\/\/[^:/@\s]+:)[^@\s]+@/g, '$1***@');
