import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.ts';
import { migrations } from '../../src/db/migrations/registry.ts';
import type { DB } from '../../src/db/schema.ts';
import type { TestEngine } from './engines.ts';
import { adminQuery, databaseUrl } from './global-setup.ts';

/** An empty database of the engine (not the run's template: that one is migrated already). */
export async function emptyDatabase(engine: TestEngine): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (engine === 'embedded') return { database: await openDatabase({ kind: 'embedded' }), drop: () => Promise.resolve() };
  const url = process.env.TEST_DATABASE_URL ?? '';
  const name = `${(inject('postgresTemplate') ?? 'jetton_tpl_x').replace('jetton_tpl_', 'jetton_t_')}_mig_${randomUUID().slice(0, 8)}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  return {
    database: await openDatabase({ kind: 'postgres', url: databaseUrl(url, name), poolSize: 4 }),
    drop: () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** The migration just before `name`: the schema an existing site runs when it upgrades to it. */
export function migrationBefore(name: string): string {
  const before = Object.keys(migrations)
    .filter((m) => m < name)
    .sort()
    .at(-1);
  if (!before) throw new Error(`no migration before ${name}`);
  return before;
}

/**
 * An empty database for one `describe` block: made before its tests, dropped
 * after. Returns how to reach it once it exists.
 */
export function useEmptyDatabase(engine: TestEngine): () => Database {
  let made: { database: Database; drop: () => Promise<void> } | undefined;
  beforeAll(async () => {
    made = await emptyDatabase(engine);
  });
  afterAll(async () => {
    await made?.database.db.destroy();
    await made?.drop();
  });
  return () => {
    if (!made) throw new Error('the empty database is made in beforeAll');
    return made.database;
  };
}

/** Brings an empty database to the schema just before `migration`: where an existing site stands when it upgrades. */
export async function migrateUpToBefore(db: Kysely<DB>, migration: string): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const { error } = await migrator.migrateTo(migrationBefore(migration));
  if (error) throw error instanceof Error ? error : new Error(`migration to before ${migration} failed`, { cause: error });
}
