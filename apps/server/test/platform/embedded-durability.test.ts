import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { fsyncSetting, openDatabase, type Database } from '../../src/db/database.ts';
import { postEntry } from '../../src/ledger/post-entry.ts';
import { balanceOf, expectLedgerHealthy, scenarioAccounts } from '../support/ledger-helpers.ts';
import { TestClock, testConfig, type TestApp } from '../support/test-app.ts';
import { activated, transfer, walletBalance, walletMember } from '../support/wallet-support.ts';

/**
 * The embedded engine on disk, as `npm start` runs it: commits are durable.
 * PGlite's own default starts PostgreSQL with fsync off; here the running
 * engine says `on`, and every commit's flush reaches the host (counted).
 */
describe('the embedded engine on disk commits durably', () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'jetton-durable-'));
    const template = new Blob([await readFile(inject('pgliteTemplate'))]);
    const database: Database = await openDatabase({ kind: 'embedded', dataDir: path.join(dir, 'pglite'), template });
    const clock = new TestClock();
    const app = await buildApp({
      config: testConfig({ dataDir: dir }),
      db: database.db,
      engine: 'embedded',
      clock,
      logger: false,
      startJobs: false,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    t = { app, database, clock, close: async () => void (await app.close(), await database.db.destroy()) };
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('SHOW fsync answers on, and a transfer flushes its commits to disk', async () => {
    expect(await fsyncSetting(t.database.db)).toBe('on');
    const flushes = t.database.flushCount;
    if (!flushes) throw new Error('the on-disk embedded engine counts its flushes');
    const m = await walletMember(t, 10_000n);
    await activated(t, m, 'pg');
    const before = flushes();
    const res = await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await walletBalance(t, m.id)).toBe(9_000n);
    // At least the debit, the provider's own transfer and the settlement each committed with a flush.
    expect(flushes() - before).toBeGreaterThanOrEqual(3);
  });

  it('answers a commit only once it is on disk, and flushes the commits of concurrent callers together', async () => {
    const db = t.database.db;
    const flushes = t.database.flushCount;
    if (!flushes) throw new Error('the on-disk embedded engine counts its flushes');
    const a = await scenarioAccounts(db);
    const move = (i: number) =>
      postEntry(db, {
        kind: 'deposit.test',
        reference: `group-${a.ownerId}-${i}`,
        postings: [
          { account: a.bank, amount: -100n },
          { account: a.wallet, amount: 100n },
        ],
      });
    // Alone: the answer comes after the flush of its commit, which is counted when it completes.
    let before = flushes();
    await move(0);
    expect(flushes() - before).toBeGreaterThanOrEqual(1);
    // Forty at once: forty commits, far fewer flushes.
    before = flushes();
    await Promise.all(Array.from({ length: 40 }, (_, i) => move(i + 1)));
    const grouped = flushes() - before;
    expect(grouped).toBeGreaterThanOrEqual(1);
    expect(grouped).toBeLessThan(40);
    expect(await balanceOf(db, a.wallet)).toBe(4_100n);
    await expectLedgerHealthy(db);
  });

  it('goes on committing across WAL segment switches while flushes are in flight', () => {
    // Before the fix, a segment closed with its flush in flight stopped the engine for good at the next commit.
    const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'wal-segment-switch.fixture.ts');
    const run = spawnSync(process.execPath, [fixture], { encoding: 'utf8', timeout: 120_000 });
    expect(run.signal, `the engine stopped answering: ${run.stderr}`).toBeNull();
    expect(run.status, run.stderr).toBe(0);
    const outcome = JSON.parse(run.stdout) as { rows: number; flushes: number };
    expect(outcome.rows).toBe(160);
    expect(outcome.flushes).toBeGreaterThan(0);
  }, 180_000);

  it("PGlite's default (kept only for the benchmark's comparison) runs with fsync off", async () => {
    const template = new Blob([await readFile(inject('pgliteTemplate'))]);
    const fast = await openDatabase({ kind: 'embedded', dataDir: path.join(dir, 'fast'), template, durable: false });
    try {
      expect(await fsyncSetting(fast.db)).toBe('off');
      expect(fast.flushCount).toBeUndefined();
    } finally {
      await fast.db.destroy();
    }
  });
});
