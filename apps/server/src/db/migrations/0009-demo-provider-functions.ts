import type { Kysely } from 'kysely';

/**
 * The demo game provider's transfer function (`demo_apply_transfer`): what this migration made now belongs to the sandbox's own migrations
 * (`sandbox/migrations/0001-demo-provider.ts`, run only with SANDBOX=on). The
 * name stays so the migrator's record of databases that ran it still matches;
 * those databases keep what it made, and the sandbox migration, written
 * `if not exists`, leaves that as it is (docs/sandbox.md, "Its own migrations").
 */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
