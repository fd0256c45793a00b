import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type Database } from '../../src/db/database.ts';
import type { DB } from '../../src/db/schema.ts';
import { up as demoProviderSchema } from '../../src/sandbox/migrations/0001-demo-provider.ts';
import { migrateSandbox } from '../../src/sandbox/sandbox-migrations.ts';
import { emptyDatabase } from '../support/migration-support.ts';
import { testEngines } from '../support/engines.ts';

async function tableExists(db: Kysely<DB>, table: string): Promise<boolean> {
  const { rows } = await sql<{ found: string | null }>`select to_regclass(${`public.${table}`})::text as found`.execute(db);
  return rows[0]?.found != null;
}

async function applyTransfer(db: Kysely<DB>, transferId: string) {
  const { rows } = await sql<{ r_status: string; r_balance: bigint | string }>`
    select r_status, r_balance from demo_apply_transfer('circus', ${transferId}, 'player_1', 'deposit', 500, now())`.execute(db);
  return rows[0];
}

async function addPlayer(db: Kysely<DB>) {
  await db.insertInto('demo_players').values({ game_code: 'circus', username: 'player_1', password_hash: 'x', currency: 'THB' }).execute();
}

describe.each(testEngines())('the sandbox migrations on the %s database (docs/sandbox.md, "Its own migrations")', (engine) => {
  let fresh: Database;
  let existing: Database;
  const drops: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    [fresh, existing] = await Promise.all([emptyDatabase(engine), emptyDatabase(engine)]).then((made) => {
      drops.push(...made.map((m) => m.drop));
      return made.map((m) => m.database) as [Database, Database];
    });
  });
  afterAll(async () => {
    await Promise.all([fresh.db.destroy(), existing.db.destroy()]);
    for (const drop of drops) await drop();
  });

  it('a new database gets no demo provider tables from the product migrations; the sandbox migrations add them once', async () => {
    const { db } = fresh;
    await migrateToLatest(db);
    expect(await tableExists(db, 'demo_players')).toBe(false);
    expect(await tableExists(db, 'demo_rounds')).toBe(false);

    await migrateSandbox(db);
    await migrateSandbox(db);
    for (const table of ['demo_players', 'demo_transfers', 'demo_rounds', 'demo_sessions']) expect(await tableExists(db, table)).toBe(true);
    const ran = await sql<{ name: string }>`select name from sandbox_migrations`.execute(db);
    expect(ran.rows.map((r) => r.name)).toEqual(['0001-demo-provider']);
    const product = await sql<{ name: string }>`select name from kysely_migration where name like '%demo%' order by name`.execute(db);
    expect(product.rows.map((r) => r.name)).toEqual(['0004-demo-provider', '0009-demo-provider-functions']);
    await addPlayer(db);
    expect(await applyTransfer(db, 't-1')).toMatchObject({ r_status: 'SUCCESS' });
  });

  it('a database whose product migrations already made the tables keeps them and their rows', async () => {
    const { db } = existing;
    await migrateToLatest(db);
    // What 0004 and 0009 made before the sandbox had migrations of its own: the same tables and function.
    await demoProviderSchema(db as Kysely<unknown>);
    await addPlayer(db);
    expect(await applyTransfer(db, 't-1')).toMatchObject({ r_status: 'SUCCESS' });

    await migrateSandbox(db);
    const players = await db.selectFrom('demo_players').select(['username', 'balance']).execute();
    expect(players.map((p) => [p.username, String(p.balance)])).toEqual([['player_1', '500']]);
    // The transfer seen before still answers as a replay.
    expect(String((await applyTransfer(db, 't-1'))?.r_balance)).toBe('500');
    expect(String((await applyTransfer(db, 't-2'))?.r_balance)).toBe('1000');
  });
});
