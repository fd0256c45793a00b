import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { serveEmbeddedBackups } from '../src/db/backup-socket.ts';
import { embeddedDir } from '../src/db/backup.ts';
import { migrateToLatest, openDatabase, type Database } from '../src/db/database.ts';
import { checkInvariants } from '../src/ledger/check-invariants.ts';
import { createChaosMembers, openGameAccounts } from './chaos/chaos-setup.ts';
import { testEngines, type TestEngine } from './engines.ts';
import { adminQuery, databaseUrl } from './global-setup.ts';
import { testConfig } from './test-app.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TOKEN_SECRET = testConfig().secrets.tokenSecret;
const CLIENTS = 8;

/** A place for a database: the embedded engine's data folder, or a PostgreSQL database of its own. */
type Place = { env: Record<string, string>; open: () => Promise<Database>; drop: () => Promise<void> };

async function place(engine: TestEngine, from: 'template' | 'empty'): Promise<Place> {
  if (engine === 'embedded') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jetton-backup-'));
    const template = from === 'template' ? new Blob([readFileSync(inject('pgliteTemplate'))]) : undefined;
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openDatabase({ kind: 'embedded', dataDir: embeddedDir(dataDir), ...(template ? { template } : {}) }),
      drop: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
    };
  }
  const admin = process.env.TEST_DATABASE_URL ?? '';
  const name = `jetton_backup_${from}_${randomUUID().slice(0, 8)}`;
  await adminQuery(admin, `CREATE DATABASE ${name} TEMPLATE ${from === 'template' ? inject('postgresTemplate') : 'template0'}`);
  const url = databaseUrl(admin, name);
  return {
    env: { DATABASE_URL: url },
    open: () => openDatabase({ kind: 'postgres', url, poolSize: 10 }),
    drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** `npm run backup` / `npm run restore` as an operator runs them, in a process of their own. */
function npmScript(
  script: 'backup' | 'restore',
  file: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', `${script}.ts`), file], {
      env: { ...process.env, ...env },
      cwd: root,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

type Answered = { key: string; transferId: string | undefined; status: number; answeredAt: number };

/** Clients moving money wallet <-> game with a key each, recording when each answer arrived. */
function transferTraffic(origin: string, members: { token: string }[]) {
  const answered: Answered[] = [];
  let stopping = false;
  let notify: (() => void) | undefined;
  const loop = async (token: string, index: number) => {
    for (let i = index; !stopping; i++) {
      const key = randomUUID();
      const body = i % 2 === 0 ? { from: 'WALLET', to: 'pg', amount: 1.25 } : { from: 'pg', to: 'WALLET', amount: 1.25 };
      const res = await fetch(`${origin}/api/wallet/transfer`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { transferId?: string };
      answered.push({ key, transferId: json.transferId, status: res.status, answeredAt: Date.now() });
      notify?.();
    }
  };
  const running = Promise.all(members.map((m, i) => loop(m.token, i)));
  return {
    answered,
    /** Resolves once `count` answers have arrived. */
    until: (count: number) =>
      new Promise<void>((resolve) => {
        notify = () => answered.length >= count && resolve();
        notify();
      }),
    stop: async () => {
      stopping = true;
      await running;
    },
  };
}

describe.each(testEngines())('backup and restore on the %s database', (engine) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  async function serve(database: Database, dataDir: string | undefined): Promise<FastifyInstance> {
    const app = await buildApp({
      config: testConfig({ dataDir: dataDir ?? tmpdir() }),
      db: database.db,
      engine: database.engine,
      logger: false,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    // The embedded engine's backups come from the running server, as main.ts serves them.
    if (dataDir && database.dumpDataDir) {
      const socket = await serveEmbeddedBackups({ dataDir, dump: database.dumpDataDir, onError: () => undefined });
      cleanup.push(() => socket.close());
    }
    return app;
  }

  it(
    'backs up during a run of transfers; the restore starts with everything answered before it, and nothing half there',
    { timeout: 240_000 },
    async () => {
      const source = await place(engine, 'template');
      cleanup.push(source.drop);
      const database = await source.open();
      cleanup.push(() => database.db.destroy());
      const app = await serve(database, source.env.DATA_DIR);
      cleanup.push(() => app.close());
      const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const members = await openGameAccounts(origin, await createChaosMembers(database.db, TOKEN_SECRET, CLIENTS, 1_000_000n), ['pg'], 100);

      const traffic = transferTraffic(origin, members);
      await traffic.until(CLIENTS * 5);
      const dir = mkdtempSync(path.join(tmpdir(), 'jetton-backup-file-'));
      cleanup.push(() => Promise.resolve(rmSync(dir, { recursive: true, force: true })));
      const file = path.join(dir, engine === 'embedded' ? 'jetton.tar.gz' : 'jetton.dump');
      const backupBegan = Date.now();
      const made = await npmScript('backup', file, source.env);
      const backupMs = Date.now() - backupBegan;
      const answeredDuring = traffic.answered.filter((a) => a.answeredAt > backupBegan).length;
      await traffic.stop();
      expect(made.code, made.output).toBe(0);
      // The copy was made while money moved.
      expect(answeredDuring).toBeGreaterThan(0);

      const target = await place(engine, 'empty');
      cleanup.push(target.drop);
      const restored = await npmScript('restore', file, target.env);
      expect(restored.code, restored.output).toBe(0);
      const again = await npmScript('restore', file, target.env);
      expect(again.code).toBe(1);
      expect(again.output).toContain('refusing to restore');

      // Start a server on the restored copy.
      const copy = await target.open();
      cleanup.push(() => copy.db.destroy());
      await migrateToLatest(copy.db);
      const restoredApp = await serve(copy, undefined);
      cleanup.push(() => restoredApp.close());
      expect((await restoredApp.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      expect(await checkInvariants(copy.db)).toEqual([]);
      // Every transfer and key answered before the backup began is there.
      const before = traffic.answered.filter((a) => a.answeredAt < backupBegan && (a.status === 200 || a.status === 202));
      expect(before.length).toBeGreaterThanOrEqual(CLIENTS * 4);
      process.stdout.write(
        `backup on ${engine}: ${before.length} transfers answered before it began, ${answeredDuring} while it ran (${backupMs} ms, ` +
          `${readFileSync(file).length} bytes); restored: invariants held\n`,
      );
      const ids = new Set((await copy.db.selectFrom('transfers').select('id').execute()).map((r) => r.id));
      const keys = new Map(
        (await copy.db.selectFrom('idempotency_keys').select(['key', 'state', 'response_status']).execute()).map((k) => [k.key, k]),
      );
      for (const a of before) {
        expect(ids.has(a.transferId ?? ''), `transfer ${a.transferId}`).toBe(true);
        expect(keys.get(a.key), `key ${a.key}`).toMatchObject({ state: 'done', response_status: a.status });
      }
      // Nothing half there: every wallet -> game transfer has its debit, every completed game -> wallet one its credit.
      const { rows: orphans } = await sql<{ id: string }>`
      select t.id from transfers t
       where (t.direction = 'to_game' and not exists (select 1 from journal_entries e where e.id = t.entry_id))
          or (t.direction = 'from_game' and t.status = 'SUCCESS'
              and not exists (select 1 from journal_entries e where e.reference = t.id::text))`.execute(copy.db);
      expect(orphans).toEqual([]);
      // A key that stored an answer names a transfer that exists.
      for (const a of traffic.answered) {
        const key = keys.get(a.key);
        if (key?.state === 'done' && key.response_status === 200) expect(ids.has(a.transferId ?? '')).toBe(true);
      }
    },
  );
});
