/**
 * Child process of the growth bench: one site of one size (GROWTH_SIZE) on one
 * engine (PostgreSQL with BENCH_DATABASE_URL, else embedded), built by
 * build.ts, served by the real app with its jobs stopped (the bench runs them
 * by hand). With GROWTH_KEEP=1 the built database is kept (PostgreSQL
 * `jetton_growth_<size>`, embedded under the temp dir) and reused by the next
 * run, which then starts in seconds.
 *
 * Writes the probes the bench needs to a JSON file: tokens of ordinary members
 * (topped up so no request of theirs is refused for money), of the heavy
 * member, of a pool of members for endpoints with per-member limits, and of
 * members to log out.
 * Answers on its IPC channel: `stats` (pg_stat_user_tables), `jobs` (each
 * job's tick time with a fixed amount of pending work) and `check` (the
 * ledger's invariants).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { systemClock } from '../../apps/server/src/clock.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { migrateToLatest, openDatabase, type Database } from '../../apps/server/src/db/database.ts';
import { migrateSandbox } from '../../apps/server/src/sandbox/sandbox-migrations.ts';
import type { DB } from '../../apps/server/src/db/schema.ts';
import { seedDatabase } from '../../apps/server/src/seed.ts';
import { checkInvariants } from '../../apps/server/src/ledger/check-invariants.ts';
import { createMemberRepository } from '../../apps/server/src/modules/account/member-repository.ts';
import { createAccountRules } from '../../apps/server/src/modules/auth/account-rules.ts';
import { createAuthService } from '../../apps/server/src/modules/auth/auth-service.ts';
import { createLoginThrottleRepository } from '../../apps/server/src/modules/auth/login-throttle-repository.ts';
import { createSessionRepository } from '../../apps/server/src/modules/auth/session-repository.ts';
import { createSigner } from '../../apps/server/src/modules/auth/signer.ts';
import { DEPOSIT_RULES_KEY } from '../../apps/server/src/modules/deposit/deposit-rules.ts';
import { createSettingsRepository } from '../../apps/server/src/modules/lookup/settings-repository.ts';
import { buildSite, type BuildReport } from './build.ts';
import { timeJobs } from './job-ticks.ts';
import { GROWTH_SIZES, growthProfile, type GrowthSize } from './sizes.ts';
import type { Kysely } from 'kysely';

const size = (process.env.GROWTH_SIZE ?? 's0') as GrowthSize;
if (!GROWTH_SIZES.includes(size)) throw new Error(`GROWTH_SIZE must be one of ${GROWTH_SIZES.join(', ')}`);
const keep = process.env.GROWTH_KEEP === '1';
const url = process.env.BENCH_DATABASE_URL;
const TOKEN_SECRET = 'growth-bench-token-secret-0123456789abcdef';
const PROBES = 64;
/** Members per pool (the pool and the logout pool): both fit in s0's 1,000 members. */
const POOL = 400;
const log = (line: string) => process.stderr.write(`[growth ${size} ${url ? 'postgres' : 'embedded'}] ${line}\n`);

async function admin(query: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client.query(query).finally(() => client.end());
}

/** The database, and whether it still needs building. */
async function open(): Promise<{ database: Database; fresh: boolean; drop: () => Promise<void> }> {
  if (!url) {
    const dataDir = keep ? path.join(tmpdir(), `jetton-growth-${size}`) : undefined;
    const fresh = !dataDir || !existsSync(path.join(dataDir, 'PG_VERSION'));
    return { database: await openDatabase({ kind: 'embedded', ...(dataDir ? { dataDir } : {}) }), fresh, drop: () => Promise.resolve() };
  }
  const name = keep ? `jetton_growth_${size}` : `jetton_growth_${size}_${process.pid}`;
  const exists = (await admin(`SELECT 1 FROM pg_database WHERE datname = '${name}'`)).rowCount === 1;
  if (!exists) await admin(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 20 });
  return {
    database,
    fresh: !exists,
    drop: () => (keep ? Promise.resolve() : admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined)),
  };
}

async function builtReport(db: Kysely<DB>): Promise<BuildReport | undefined> {
  const { rows } = await sql<{ report: string }>`select report from growth_build`.execute(db).catch(() => ({ rows: [] }));
  return rows[0] ? (JSON.parse(rows[0].report) as BuildReport) : undefined;
}

type TableStats = { table: string; seqScans: number; indexScans: number; rows: number }[];
const tableStats = async (): Promise<TableStats> =>
  (
    await sql<{ relname: string; seq_scan: string; idx_scan: string | null; n_live_tup: string }>`
      select relname, seq_scan::text, idx_scan::text, n_live_tup::text from pg_stat_user_tables`.execute(db)
  ).rows.map((r) => ({ table: r.relname, seqScans: Number(r.seq_scan), indexScans: Number(r.idx_scan ?? 0), rows: Number(r.n_live_tup) }));

const { database, fresh, drop } = await open();
const { db, engine } = database;
// What a start of the server reads (migrations, seeding, building the app), for a site built before.
// Migrations new since it was built run first: they run once, not at every start.
if (!fresh) {
  await migrateToLatest(db);
  await migrateSandbox(db);
}
const beforeStart = fresh || !url ? undefined : await tableStats();
await migrateToLatest(db);
await migrateSandbox(db);
await seedDatabase(db, { demoMember: false });
// Slip uploads are refused 23:50-00:10 site time; a bench may run then.
await createSettingsRepository(db).set(DEPOSIT_RULES_KEY, { slipClosedFrom: '00:00', slipClosedTo: '00:00' });
let report = fresh ? undefined : await builtReport(db);
if (!report) {
  report = await buildSite(db, growthProfile(size), TOKEN_SECRET, log);
  await sql`create table if not exists growth_build (report text not null)`.execute(db);
  await sql`insert into growth_build (report) values (${JSON.stringify(report)})`.execute(db);
  log(
    `built in ${report.seconds.toFixed(0)} s: ${report.postings} postings, ${report.lines} statement lines, heaviest member ${report.heaviestLines}`,
  );
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'jetton-growth-data-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, TOKEN_SECRET, LOG_LEVEL: 'warn' });
const app = await buildApp({ config, db, engine, startJobs: false, logger: { level: 'warn', stream: { write: () => undefined } } });
await app.listen({ host: '127.0.0.1', port: 0 });
let startScans: TableStats | undefined;
if (beforeStart) {
  // Counters reach pg_stat_user_tables when a backend has been idle for a while.
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  startScans = (await tableStats())
    .map((t) => ({ ...t, seqScans: t.seqScans - (beforeStart.find((b) => b.table === t.table)?.seqScans ?? 0) }))
    .filter((t) => t.seqScans > 0);
}

const auth = createAuthService({
  members: createMemberRepository(db),
  sessions: createSessionRepository(db),
  throttle: createLoginThrottleRepository(db),
  rules: createAccountRules({ settings: createSettingsRepository(db), clock: systemClock, onInvalid: () => undefined }),
  signer: createSigner(config.secrets.tokenSecret),
  clock: systemClock,
});
// Members in the order they were built: index 0 is the heavy player; probes and the pool come from the rest.
const { rows: all } = await sql<{ id: string; username: string }>`
  select m.id, g.username from members m join game_accounts g on g.member_id = m.id and g.game_code = 'pg'
  where m.phone like '06%' order by m.member_no limit ${1 + PROBES + 2 * POOL}`.execute(db);
// A kept site still holds what the last run's pool left open (notices and slips nobody decided, QR codes
// nobody paid): as staff and the expiry job would have, close them, so the per-member limits start afresh.
await sql`update deposit_notices set status = 'failed', decided_at = now() where status = 'processing'`.execute(db);
await sql`update slips set status = 'failed', note = 'UNKNOW_ERROR', updated_at = now() where status = 'processing'`.execute(db);
await sql`update qr_codes set status = 'expired', closed_at = now() where status = 'open'`.execute(db);
const heavy = all[0];
if (!heavy) throw new Error('no members: the build failed');
const probes = all.slice(1, 1 + PROBES);
const pool = all.slice(1 + PROBES, 1 + PROBES + POOL);
// Logout ends every session of its member: its own members, apart from the pool's.
const logoutPool = all.slice(1 + PROBES + POOL);
const tokenOf = (m: { id: string }) => auth.issueToken(m.id);
// Top-ups, so transfers and withdrawals of the probes are never refused for money (a deposit line each).
const bank = await sql<{ id: bigint }>`select ledger_account('system', null, 'bank:growth-topup', 'THB') as id`.execute(db);
for (const m of probes) {
  await sql`select * from ledger_post('deposit.bench', 'top-up', ${`topup-${m.id}-${Date.now()}`}, null,
    array[${bank.rows[0]?.id ?? 0n}::bigint, ledger_account('wallet', ${m.id}::uuid, 'wallet', 'THB')], array[-100000000, 100000000]::bigint[])`.execute(
    db,
  );
}
// And 1,000.00 at the game, so a game -> wallet transfer that overtakes its wallet -> game never lacks money.
for (const m of probes) {
  const funded = await app.inject({
    method: 'POST',
    url: '/api/wallet/transfer',
    headers: { authorization: `Bearer ${await tokenOf(m)}`, 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
    payload: JSON.stringify({ from: 'WALLET', to: 'pg', amount: 1000 }),
  });
  if (funded.statusCode !== 200) throw new Error(`game funding failed: ${funded.body}`);
}
const slipOf = await sql<{ member_id: string; id: string }>`
  select distinct on (member_id) member_id, id from slips where member_id = any(${probes.map((p) => p.id)}::uuid[]) order by member_id, created_at desc`.execute(
  db,
);
const slips = new Map(slipOf.rows.map((r) => [r.member_id, r.id]));
const heavyLines = Number(
  (await sql<{ lines: bigint }>`select lines from statement_heads where member_id = ${heavy.id}`.execute(db)).rows[0]?.lines ?? 0n,
);

const probeFile = path.join(dataDir, 'probes.json');
writeFileSync(
  probeFile,
  JSON.stringify({
    report,
    startScans: startScans ?? null,
    heavy: { token: await tokenOf(heavy), lines: heavyLines },
    probes: await Promise.all(
      probes.map(async (m) => ({ token: await tokenOf(m), username: m.username, slipId: slips.get(m.id) ?? null })),
    ),
    pool: await Promise.all(pool.map(tokenOf)),
    logoutPool: await Promise.all(logoutPool.map(tokenOf)),
  }),
);

process.on('message', (message: { cmd: string }) => {
  const answer = (value: unknown) => process.send?.(value);
  if (message.cmd === 'stats') {
    void tableStats().then(answer);
  } else if (message.cmd === 'jobs') {
    void timeJobs(app, db, pool.slice(0, 50)).then(answer);
  } else if (message.cmd === 'check') {
    void checkInvariants(db).then((violations) => answer({ violations: violations.length }));
  }
});
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => db.destroy())
    .then(drop)
    .finally(() => process.exit(0));
});
const address = app.server.address() as { port: number };
process.stdout.write(`READY ${address.port} ${engine} ${size} ${probeFile}\n`);
