import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { pgliteDialect } from '../../src/db/pglite-dialect.ts';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';
import { migrateSandbox } from '../../src/sandbox/sandbox-migrations.ts';
import type { DB } from '../../src/db/schema.ts';
import { seedDatabase } from '../../src/seed.ts';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | undefined;
  }
}

/**
 * Migrates and seeds one database per engine once per run; every test app then
 * starts from a copy (a PGlite data dump, or a PostgreSQL TEMPLATE database), so
 * each test file has its own fresh database in well under a second.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'jetton-test-'));
  const pglite = await PGlite.create({ parsers: { 20: (v: string) => BigInt(v) } });
  const embedded = new Kysely<DB>({ dialect: pgliteDialect(pglite) });
  await migrateToLatest(embedded);
  await migrateSandbox(embedded);
  await seedDatabase(embedded, { demoMember: true });
  const dumpFile = path.join(dir, 'pglite-template.tar');
  await writeFile(dumpFile, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await embedded.destroy();
  project.provide('pgliteTemplate', dumpFile);

  const url = process.env.TEST_DATABASE_URL;
  let templateName: string | undefined;
  project.provide('postgresTemplate', undefined);
  if (url) {
    templateName = `jetton_tpl_${process.pid}_${Date.now()}`;
    await adminQuery(url, `CREATE DATABASE ${templateName}`);
    const { db } = await openDatabase({ kind: 'postgres', url: databaseUrl(url, templateName), poolSize: 2 });
    await migrateToLatest(db);
    await migrateSandbox(db);
    await seedDatabase(db, { demoMember: true });
    await db.destroy();
    project.provide('postgresTemplate', templateName);
  }

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (url && templateName) {
      const prefix = templateName.replace('jetton_tpl_', 'jetton_t_');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2', [
        templateName,
        `${prefix}%`,
      ]);
      for (const row of rows) await client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await client.end();
    }
  };
}

export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function adminQuery(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
