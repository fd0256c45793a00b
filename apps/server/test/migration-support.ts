import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/registry.ts';
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
