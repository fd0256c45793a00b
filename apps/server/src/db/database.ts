import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { DURABLE_START_PARAMS, DurableNodeFS } from './durable-node-fs.ts';
import { EMBEDDED_MEMORY_PARAMS } from './embedded-memory.ts';
import { unpackTemplate } from './embedded-template.ts';
import { packDataFolder, readDataFolder, walSegmentsOutside } from './embedded-archive.ts';
import { migrations } from './migrations/registry.ts';
import { withGroupCommit } from './group-commit-dialect.ts';
import { pgliteDialect } from './pglite-dialect.ts';
import { preparingPool } from './prepared-pool.ts';
import { withRetriedReads } from './retrying-reads.ts';
import type { DB } from './schema.ts';

const INT8_OID = 20;
/** How long a request waits for a pooled connection before it is told the database is unavailable (503). */
const CONNECT_TIMEOUT_MS = 5_000;
const parseInt8 = (value: string): bigint => BigInt(value);

export type DatabaseEngine = 'embedded' | 'postgres';
export type Database = {
  db: Kysely<DB>;
  engine: DatabaseEngine;
  /** Embedded on disk with durable commits: how many flushes reached the host so far (docs/faults.md). */
  flushCount?: () => number;
  /** PostgreSQL: the pool's connections now (for the metrics; docs/operations.md, "Metrics"). */
  poolStats?: () => PoolStats;
  /** Embedded: a consistent copy of the data directory as a gzipped tar, taken through the engine (docs/operations.md, "Backups"). */
  dumpDataDir?: () => Promise<Buffer>;
};
export type PoolStats = { inUse: number; waiting: number; size: number };

export type OpenDatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Told of every connection error (a dropped connection is an ordinary event: logged, never fatal). */
      onConnectionError?: (error: Error) => void;
    }
  /**
   * dataDir undefined: in memory. template: a dumped data directory to start from (tests).
   * durable (default true, on disk only): commits are flushed to disk; false is PGlite's own
   * default (fsync off), kept only so the benchmark can show what durability costs.
   */
  | { kind: 'embedded'; dataDir?: string; template?: Blob; durable?: boolean };

/**
 * One SQL dialect (PostgreSQL), two engines: embedded PGlite or a server. BIGINT columns come back
 * as JS bigint on both, so money never passes through a float.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A half-open socket (a failover, a dead network path) is found by TCP keepalive, not by waiting forever.
      keepAlive: true,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID
            ? parseInt8
            : (pg.types.getTypeParser(oid, format) as (value: string) => unknown)) as typeof pg.types.getTypeParser,
      },
    });
    const onError = (error: Error) => options.onConnectionError?.(error);
    // A client whose backend goes away (pg_terminate_backend, a restart or failover, a test's
    // DROP DATABASE ... FORCE) emits 'error'. The pool listens while a client is idle (and drops
    // it); a checked-out client has no listener of its own, so without this one the event would
    // crash the process. The query in flight fails with the error (a 503 or a retry upstream) and
    // the client, no longer queryable, is discarded when released. See docs/faults.md.
    pool.on('connect', (client) => client.on('error', onError));
    pool.on('error', onError);
    const dialect = withRetriedReads(new PostgresDialect({ pool: preparingPool(pool) }));
    const poolStats = (): PoolStats => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount, size: pool.totalCount });
    return { db: new Kysely<DB>({ dialect }), engine: 'postgres', poolStats };
  }
  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  // Only a database on disk has anything to flush; one in memory (the tests) keeps PGlite's defaults.
  const fs = options.dataDir && (options.durable ?? true) ? new DurableNodeFS(options.dataDir) : undefined;
  // On disk a new folder is the template written out first; PGlite unpacking it kept ~90 MB (embedded-template.ts).
  if (options.dataDir && options.template) await unpackTemplate(options.template, options.dataDir);
  const pglite = await PGlite.create({
    ...(fs ? { fs } : options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.template && !options.dataDir ? { loadDataDir: options.template } : {}),
    ...(fs ? { startParams: [...DURABLE_START_PARAMS, ...EMBEDDED_MEMORY_PARAMS] } : {}),
    ...(options.dataDir && !fs ? { startParams: [...PGlite.defaultStartParams, ...EMBEDDED_MEMORY_PARAMS] } : {}),
    parsers: { [INT8_OID]: parseInt8 },
  });
  // Durable on disk: commits are flushed in groups (group-commit-dialect.ts), never answered before their flush.
  const grouped = fs ? withGroupCommit(pgliteDialect(pglite), fs) : null;
  const db = new Kysely<DB>(grouped ? { dialect: grouped.dialect, plugins: [grouped.plugin] } : { dialect: pgliteDialect(pglite) });
  // The dialect has one connection that callers take in turn: holding it, no transaction is open and
  // nothing runs, so after a CHECKPOINT the files are a clean copy. On disk they are read while held
  // and packed after (embedded-archive.ts); in memory (tests) PGlite dumps its own.
  const onDisk = options.dataDir;
  const dumpDataDir = async (): Promise<Buffer> => {
    const files = await db.connection().execute(async (connection) => {
      await sql`checkpoint`.execute(connection);
      if (!onDisk) return Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
      const { rows } = await sql<{ redo: string; current: string }>`
        select redo_wal_file as redo, pg_walfile_name(pg_current_wal_insert_lsn()) as current from pg_control_checkpoint()`.execute(
        connection,
      );
      const wal = rows[0];
      return readDataFolder(onDisk, wal ? walSegmentsOutside(wal) : () => false);
    });
    return Buffer.isBuffer(files) ? files : packDataFolder(files);
  };
  return { db, engine: 'embedded', dumpDataDir, ...(fs ? { flushCount: () => fs.flushes } : {}) };
}

export async function migrateToLatest(db: Kysely<DB>): Promise<void> {
  // Branches get their numbers in advance and land in any order: a database that already ran a later
  // number still runs an earlier one that arrived after it (each migration stands on its own).
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error ?? failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Reads the migrations table: a database that answers this was opened, recovered and migrated. */
export async function readMigrations(db: Kysely<DB>): Promise<void> {
  await sql`select count(*) from kysely_migration`.execute(db);
}

/** The engine's own `fsync` setting, as it runs ('on' or 'off'). */
export async function fsyncSetting(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ fsync: string }>`show fsync`.execute(db);
  return rows[0]?.fsync ?? 'unknown';
}
