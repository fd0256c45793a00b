import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrations } from './migrations/registry.ts';
import type { DB } from './schema.ts';

const INT8_OID = 20;
const parseInt8 = (value: string): bigint => BigInt(value);

export type DatabaseEngine = 'embedded' | 'postgres';
export type Database = { db: Kysely<DB>; engine: DatabaseEngine };

export type OpenDatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir undefined: in memory. template: a dumped data directory to start from (tests). */
  | { kind: 'embedded'; dataDir?: string; template?: Blob };

/**
 * One SQL dialect (PostgreSQL), two engines: embedded PGlite or a server. BIGINT columns come back
 * as JS bigint on both, so money never passes through a float.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? parseInt8 : (pg.types.getTypeParser(oid, format) as (value: string) => unknown)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client whose backend goes away (server restart, admin kill, a test's DROP
    // DATABASE ... FORCE) is already dropped by the pool and replaced on the next query;
    // without a listener its 'error' event would crash the process.
    pool.on('error', () => undefined);
    return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), engine: 'postgres' };
  }
  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.template ? { loadDataDir: options.template } : {}),
    parsers: { [INT8_OID]: parseInt8 },
  });
  return { db: new Kysely<DB>({ dialect: new PGliteDialect(pglite) }), engine: 'embedded' };
}

export async function migrateToLatest(db: Kysely<DB>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error ?? failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
