import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import { uniqueViolation } from '../../src/db/unique-violation.ts';
import { withMoneyTransaction } from '../../src/ledger/money-transaction.ts';
import { testEngines } from '../support/engines.ts';
import { openTestDatabase } from '../support/test-app.ts';

/**
 * The embedded engine's own driver (src/db/pglite-dialect.ts) writes parameters as
 * node-postgres does and reads rows with the engine's parsers: the same statement
 * gives the same values, counts and errors on both engines.
 */
describe.each(testEngines())('one SQL text, the same answers, on the %s database', (engine) => {
  let database: Database;
  let drop: () => Promise<void>;
  let db: Kysely<Record<string, Record<string, unknown>>>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(engine));
    db = database.db as unknown as typeof db;
    await sql`create table driver_probe (id int primary key, at timestamptz, big bigint, doc jsonb, tags text[], raw bytea, ok boolean, note text)`.execute(
      db,
    );
  });
  // A fresh copy of the template per run (dropped after it on PostgreSQL): the probe table goes with it.
  afterAll(async () => {
    await database.db.destroy();
    await drop();
  });

  it('parameters of every kind go in and come back as they were', async () => {
    const at = new Date('2026-11-28T08:09:10.123Z');
    const row = {
      id: 1,
      at,
      big: 9_007_199_254_740_993n,
      doc: JSON.stringify({ a: [1, 'ข'] }),
      tags: ['x', 'ສະບາຍດີ', 'a,b'],
      raw: Buffer.from([0, 1, 254, 255]),
      ok: false,
      note: null,
    };
    await db.insertInto('driver_probe').values(row).execute();
    const back = await db.selectFrom('driver_probe').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    // bytea: a Buffer from PostgreSQL's driver, a Uint8Array from the engine's parser; the same bytes.
    expect({ ...back, raw: Buffer.from(back.raw as Uint8Array) }).toEqual({ ...row, doc: { a: [1, 'ข'] } });
    // A parameter whose type PostgreSQL infers from its cast, as the ledger's calls write them.
    const { rows } = await sql<{
      n: bigint;
      t: string;
      d: Date;
    }>`select ${'12'}::bigint + 1 as n, ${'ສ'}::text as t, ${at}::timestamptz as d`.execute(db);
    expect(rows).toEqual([{ n: 13n, t: 'ສ', d: at }]);
  });

  it('a write counts its rows, zero included; a read counts none', async () => {
    await db.insertInto('driver_probe').values({ id: 2, note: 'a' }).execute();
    const updated = await db.updateTable('driver_probe').set({ note: 'b' }).where('id', '=', 2).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    const none = await db.deleteFrom('driver_probe').where('id', '=', 404).executeTakeFirst();
    expect(none.numDeletedRows).toBe(0n);
    const inserted = await db
      .insertInto('driver_probe')
      .values([{ id: 3 }, { id: 4 }])
      .executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(2n);
  });

  it('an error keeps its SQLSTATE and constraint, and the connection goes on', async () => {
    const error = await db
      .insertInto('driver_probe')
      .values({ id: 2 })
      .execute()
      .catch((e: unknown) => e);
    expect(uniqueViolation(error)).toBe('driver_probe_pkey');
    await expect(sql`select 1/0`.execute(db)).rejects.toMatchObject({ code: '22012' });
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('a failed transaction rolls back whole', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('driver_probe').values({ id: 10 }).execute();
        await trx.insertInto('driver_probe').values({ id: 10 }).execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.selectFrom('driver_probe').select('id').where('id', '=', 10).execute()).toEqual([]);
  });

  // Before the test below fills each connection's prepared texts: this one must be prepared.
  it('a parameter that cannot be written fails its statement alone: the same text runs after it', async () => {
    // One connection throughout: a prepared statement belongs to its connection.
    await db.connection().execute(async (one) => {
      const echo = (value: unknown) => sql<{ doc: unknown }>`select ${value}::jsonb as doc`.execute(one);
      expect((await echo(JSON.stringify({ a: 1 }))).rows).toEqual([{ doc: { a: 1 } }]);
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      await expect(echo(circular)).rejects.toThrow(/circular/);
      expect((await echo(JSON.stringify({ b: 2 }))).rows).toEqual([{ doc: { b: 2 } }]);
    });
  });

  // Both engines' drivers prepare each parameterised statement once, by its text (pglite-dialect.ts, prepared-pool.ts).
  it('a statement run again after hundreds of others, after a failed parse, and after its table changed shape answers as the first time', async () => {
    const probe = (id: number) => db.selectFrom('driver_probe').selectAll().where('id', '=', id).executeTakeFirst();
    const first = await probe(2);
    // More distinct texts than either driver keeps prepared: the embedded one closes the oldest, on PostgreSQL the rest run unnamed.
    for (let i = 0; i < 250; i++) {
      const { rows } = await sql<{ n: number }>`select ${i}::int + ${i} as n, ${sql.lit(i)} as k`.execute(db);
      expect(rows).toEqual([{ n: 2 * i, k: i }]);
    }
    expect(await probe(2)).toEqual(first);
    const broken = () => sql`select from where ${1}`.execute(db);
    await expect(broken()).rejects.toMatchObject({ code: '42601' });
    await expect(broken()).rejects.toMatchObject({ code: '42601' });
    await sql`alter table driver_probe add column extra int default 7`.execute(db);
    expect(await probe(2)).toEqual({ ...first, extra: 7 });
  });

  it("a transaction refused because a prepared statement's table changed runs again, prepared afresh", async () => {
    const read = (id: number) =>
      withMoneyTransaction(database.db, (trx) =>
        (trx as unknown as typeof db).selectFrom('driver_probe').selectAll().where('id', '=', id).executeTakeFirst(),
      );
    const before = await read(3);
    await sql`alter table driver_probe add column later int default 8`.execute(db);
    expect(await read(3)).toEqual({ ...before, later: 8 });
  });
});
