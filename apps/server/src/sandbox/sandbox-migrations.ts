import type { Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import type { DB } from '../db/schema.ts';
import * as s0001 from './migrations/0001-demo-provider.ts';

/** The sandbox's migrations, in order: the demo game provider's schema. */
const SANDBOX_MIGRATIONS: Record<string, Migration> = {
  '0001-demo-provider': s0001,
};

/**
 * Brings the sandbox's own tables up to date, recorded in their own table
 * (`sandbox_migrations`), apart from the product's: run only with SANDBOX=on,
 * after the product's migrations (docs/sandbox.md, "Its own migrations").
 */
export async function migrateSandbox(db: Kysely<DB>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(SANDBOX_MIGRATIONS) },
    migrationTableName: 'sandbox_migrations',
    migrationLockTableName: 'sandbox_migrations_lock',
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error ?? failed) throw new Error(`sandbox migration ${failed?.migrationName ?? ''} failed`, { cause: error });
}
