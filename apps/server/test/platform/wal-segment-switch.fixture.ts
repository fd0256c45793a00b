/**
 * Child process of embedded-durability.test.ts: the embedded engine on disk
 * with durable commits, committing concurrently across WAL segment switches.
 * A hang here blocks the event loop (the engine runs inside WebAssembly), so
 * the test runs it as a child and sees it exit, or kills it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/database.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'jetton-wal-switch-'));
try {
  const database = await openDatabase({ kind: 'embedded', dataDir: path.join(dir, 'pglite') });
  const { db } = database;
  await sql`CREATE TABLE moves (id serial PRIMARY KEY, note text NOT NULL)`.execute(db);
  const insert = (note: string) => sql`INSERT INTO moves (note) VALUES (${note})`.execute(db);
  const rounds = 8;
  for (let round = 0; round < rounds; round += 1) {
    // Commits waiting on their flush while the segment they wrote to is closed and the next one created.
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => insert(`before ${round}.${i}`)),
      sql`SELECT pg_switch_wal()`.execute(db),
      ...Array.from({ length: 10 }, (_, i) => insert(`after ${round}.${i}`)),
    ]);
  }
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM moves`.execute(db);
  await db.destroy();
  process.stdout.write(`${JSON.stringify({ rows: rows[0]?.n, flushes: database.flushCount?.() })}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
