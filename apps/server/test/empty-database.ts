import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import type { TestEngine } from './engines.ts';
import { adminQuery, databaseUrl } from './global-setup.ts';

/** A database with nothing in it (no migrations, no seeds), and how to drop it after the test. */
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
