import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { serveEmbeddedBackups } from '../../src/db/backup-socket.ts';
import { embeddedDir, uploadsFileOf } from '../../src/backup/backup-tools.ts';
import { createUploadStorage } from '../../src/adapters/storage/upload-storage.ts';
import type { StorageConfig } from '../../src/config.ts';
import { checkLedger } from '../../src/ledger/check-invariants.ts';
import { ledgerReportJson } from '../../src/ledger/ledger-report.ts';
import { startS3TestServer, type S3TestServer } from '../support/s3-test-server.ts';
import { migrateToLatest, openDatabase, type Database } from '../../src/db/database.ts';
import { PNG } from 'pngjs';
import { ROUTES } from '@jetton/contract/routes';
import { createChaosMembers, openGameAccounts } from '../chaos/chaos-setup.ts';
import { testEngines, type TestEngine } from '../support/engines.ts';
import { adminQuery, databaseUrl } from '../support/global-setup.ts';
import { testConfig } from '../support/test-app.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const TOKEN_SECRET = testConfig().secrets.tokenSecret;
const CLIENTS = 8;

/**
 * A place for a site: the embedded engine's data folder (its uploads on local disk beside it), or a
 * PostgreSQL database of its own with its uploads in a bucket of its own (as a cluster keeps them).
 */
type Place = {
  env: Record<string, string>;
  dataDir: string;
  storage: StorageConfig;
  open: () => Promise<Database>;
  drop: () => Promise<void>;
};

async function place(engine: TestEngine, from: 'template' | 'empty'): Promise<Place> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jetton-backup-'));
  const removeFolder = () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true }));
  if (engine === 'embedded') {
    const template = from === 'template' ? new Blob([readFileSync(inject('pgliteTemplate'))]) : undefined;
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      dataDir,
      storage: { kind: 'local' },
      open: () => openDatabase({ kind: 'embedded', dataDir: embeddedDir(dataDir), ...(template ? { template } : {}) }),
      drop: removeFolder,
    };
  }
  const admin = process.env.TEST_DATABASE_URL ?? '';
  const name = `jetton_backup_${from}_${randomUUID().slice(0, 8)}`;
  await adminQuery(admin, `CREATE DATABASE ${name} TEMPLATE ${from === 'template' ? inject('postgresTemplate') : 'template0'}`);
  const url = databaseUrl(admin, name);
  const server = await s3Server();
  const storage = await server.bucket();
  return {
    env: { DATABASE_URL: url, DATA_DIR: dataDir, ...server.env(storage) },
    dataDir,
    storage,
    open: () => openDatabase({ kind: 'postgres', url, poolSize: 10 }),
    drop: async () => {
      await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await removeFolder();
    },
  };
}

const SCRIPTS = { backup: 'scripts/backup.ts', restore: 'scripts/restore.ts', 'ledger:check': 'apps/server/src/ledger-check.ts' };

/** `npm run backup` / `restore` / `ledger:check` as an operator runs them, in a process of their own. */
function npmScript(
  script: keyof typeof SCRIPTS,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, SCRIPTS[script]), ...args], {
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

/** The S3 server, started for the PostgreSQL runs only (their uploads are in a bucket). */
let s3: Promise<S3TestServer> | undefined;
const s3Dir = mkdtempSync(path.join(tmpdir(), 'jetton-backup-s3-'));
const s3Server = (): Promise<S3TestServer> => (s3 ??= startS3TestServer({ dir: s3Dir }));
afterAll(async () => {
  await (await s3)?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

/** A tiny PNG: a slip or a chat photo, told apart by its width. */
function png(width: number): Buffer {
  const image = new PNG({ width, height: 20 });
  image.data.fill(0x5a);
  return PNG.sync.write(image);
}

/** Uploads a slip and a chat photo as a member; answers how to read each back and the bytes. */
async function uploadBoth(origin: string, token: string) {
  const form = (bytes: Buffer) => {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
    return body;
  };
  const headers = { authorization: `Bearer ${token}` };
  const slipBytes = png(33);
  const slip = await fetch(`${origin}${ROUTES.wallet.slip}`, { method: 'POST', headers, body: form(slipBytes) });
  expect(slip.status).toBe(201);
  const { reference } = ((await slip.json()) as { slip: { reference: string } }).slip;
  const photoBytes = png(44);
  const photo = await fetch(`${origin}${ROUTES.chat.uploadImage}`, { method: 'POST', headers, body: form(photoBytes) });
  expect(photo.status).toBe(200);
  const mediaPath = ((await photo.json()) as { path: string }).path;
  return { reference, slipBytes, mediaPath, photoBytes };
}

describe.each(testEngines())('backup and restore on the %s database', (engine) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });
  /** The first test's backup, which the refusals below damage. */
  let made: { file: string; source: Place } | undefined;

  async function serve(database: Database, where: Pick<Place, 'dataDir' | 'storage'>): Promise<FastifyInstance> {
    const app = await buildApp({
      config: testConfig({ dataDir: where.dataDir, storage: where.storage }),
      db: database.db,
      engine: database.engine,
      logger: false,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    // The embedded engine's backups (and ledger checks) come from the running server, as main.ts serves them.
    if (database.dumpDataDir) {
      const socket = await serveEmbeddedBackups({
        dataDir: where.dataDir,
        dump: database.dumpDataDir,
        ledgerCheck: async () => Buffer.from(ledgerReportJson(await checkLedger(database.db))),
        onError: () => undefined,
      });
      cleanup.push(() => socket.close());
    }
    return app;
  }

  it(
    'backs up during a run of transfers; the restore starts with everything answered before it, and nothing half there',
    { timeout: 600_000 },
    async () => {
      const source = await place(engine, 'template');
      cleanup.push(source.drop);
      const database = await source.open();
      cleanup.push(() => database.db.destroy());
      const app = await serve(database, source);
      cleanup.push(() => app.close());
      const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const members = await openGameAccounts(origin, await createChaosMembers(database.db, TOKEN_SECRET, CLIENTS, 1_000_000n), ['pg'], 100);
      const uploaded = await uploadBoth(origin, members[0]?.token ?? '');

      const traffic = transferTraffic(origin, members);
      await traffic.until(CLIENTS * 5);
      const dir = mkdtempSync(path.join(tmpdir(), 'jetton-backup-file-'));
      cleanup.push(() => Promise.resolve(rmSync(dir, { recursive: true, force: true })));
      const file = path.join(dir, engine === 'embedded' ? 'jetton.tar.gz' : 'jetton.dump');
      const backupBegan = Date.now();
      const backedUp = await npmScript('backup', [file], source.env);
      const backupMs = Date.now() - backupBegan;
      const answeredDuring = traffic.answered.filter((a) => a.answeredAt > backupBegan).length;
      await traffic.stop();
      expect(backedUp.code, backedUp.output).toBe(0);
      expect(backedUp.output).toMatch(/uploads to .*\.uploads\.tar: 2 objects/);
      made = { file, source };
      // The copy was made while money moved.
      expect(answeredDuring).toBeGreaterThan(0);

      const target = await place(engine, 'empty');
      cleanup.push(target.drop);
      const restored = await npmScript('restore', [file], target.env);
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toMatch(/uploads into .*: 2 added, 0 already there/);
      const again = await npmScript('restore', [file], target.env);
      expect(again.code).toBe(1);
      expect(again.output).toContain('refusing to restore');
      // The recovery step before any node starts: the copy's ledger holds.
      const checked = await npmScript('ledger:check', [], target.env);
      expect(checked.code, checked.output).toBe(0);
      expect(checked.output).toMatch(/^ledger ok: \d+ journal entries, \d+ postings, \d+ accounts \(THB\)/);

      // Start a server on the restored copy: the uploads are there too.
      const copy = await target.open();
      cleanup.push(() => copy.db.destroy());
      await migrateToLatest(copy.db);
      const restoredApp = await serve(copy, target);
      cleanup.push(() => restoredApp.close());
      expect((await restoredApp.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const media = await restoredApp.inject({ method: 'GET', url: uploaded.mediaPath });
      expect(media.statusCode).toBe(200);
      expect(media.rawPayload.equals(uploaded.photoBytes)).toBe(true);
      const link = await restoredApp.inject({
        method: 'GET',
        url: `/api/statement/slip/reference/${uploaded.reference}`,
        headers: { authorization: `Bearer ${members[0]?.token}` },
      });
      const slip = await restoredApp.inject({ method: 'GET', url: link.json<{ url: string }>().url });
      expect(slip.statusCode).toBe(200);
      expect(slip.rawPayload.equals(uploaded.slipBytes)).toBe(true);

      // ledger:check says when the ledger does not hold (through the running server's socket on the embedded engine).
      const account = await copy.db.selectFrom('ledger_accounts').select('id').where('kind', '=', 'wallet').executeTakeFirstOrThrow();
      await sql`update ledger_accounts set balance = balance + 1 where id = ${account.id}`.execute(copy.db);
      const broken = await npmScript('ledger:check', [], target.env);
      await sql`update ledger_accounts set balance = balance - 1 where id = ${account.id}`.execute(copy.db);
      expect(broken.code, broken.output).toBe(1);
      expect(broken.output).toMatch(/^ledger BROKEN: 2 violations/);
      expect(broken.output).toContain(`balance-stale: an account's balance differs from the sum of its postings (accountId ${account.id}`);

      expect((await checkLedger(copy.db)).violations).toEqual([]);
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

  it('refuses a damaged or cut backup in one line, and leaves the empty place empty', { timeout: 600_000 }, async () => {
    if (!made) throw new Error('the backup test did not make a backup');
    const { file } = made;
    const dir = mkdtempSync(path.join(tmpdir(), 'jetton-backup-damaged-'));
    cleanup.push(() => Promise.resolve(rmSync(dir, { recursive: true, force: true })));
    const database = readFileSync(file);
    const uploads = readFileSync(uploadsFileOf(file));
    const flip = (bytes: Buffer, at: number) => {
      const copy = Buffer.from(bytes);
      copy[at] = (copy[at] ?? 0) ^ 0xff;
      return copy;
    };
    const cases: { name: string; database: Buffer; uploads: Buffer | undefined; says: RegExp; args?: string[] }[] = [
      {
        name: 'database cut in half',
        database: database.subarray(0, Math.floor(database.length / 2)),
        uploads,
        says: engine === 'embedded' ? /is cut short: the compressed data ends before its end$/ : /pg_restore.*(end of file|could not read)/,
      },
      {
        name: 'uploads cut in half',
        database,
        uploads: uploads.subarray(0, Math.floor(uploads.length / 2)),
        says: /\.uploads\.tar is cut short/,
      },
      {
        name: 'uploads with a byte changed',
        database,
        uploads: flip(uploads, 600),
        says: /\.uploads\.tar is damaged: the objects .* do not match the manifest/,
      },
      { name: 'uploads missing', database, uploads: undefined, says: /\.uploads\.tar is missing: .*--without-uploads/ },
      ...(engine === 'embedded'
        ? [
            {
              name: 'database with a byte changed',
              database: flip(database, Math.floor(database.length / 2)),
              uploads,
              says: /is damaged: /,
            },
          ]
        : []),
    ];
    for (const c of cases) {
      const damaged = path.join(dir, `${c.name.replaceAll(' ', '-')}.backup`);
      writeFileSync(damaged, c.database);
      if (c.uploads) writeFileSync(uploadsFileOf(damaged), c.uploads);
      const target = await place(engine, 'empty');
      cleanup.push(target.drop);
      rmSync(target.dataDir, { recursive: true, force: true });
      const result = await npmScript('restore', [damaged], target.env);
      expect(result.code, `${c.name}: ${result.output}`).toBe(1);
      const lines = result.output.trim().split('\n');
      expect(lines, c.name).toHaveLength(1);
      expect(lines[0], c.name).toMatch(/^restore failed: /);
      expect(lines[0], c.name).toMatch(c.says);
      // Nothing behind: no data folder (nor the DATA_DIR it would have made), no table, no object.
      expect(existsSync(target.dataDir), `${c.name}: ${target.dataDir}`).toBe(false);
      if (engine === 'postgres') {
        const db = await target.open();
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_tables where schemaname = 'public'`.execute(db.db);
        await db.db.destroy();
        expect(rows[0]?.n, c.name).toBe(0);
        const bucket = createUploadStorage(target);
        for (const area of ['slips', 'chat'] as const)
          for await (const key of bucket.area(area).keys()) expect.fail(`${c.name}: ${area}/${key} left`);
        bucket.close();
      }
    }
  });
});
