/**
 * `npm run bench -- memory`: the server's resident memory (RSS) on the embedded
 * engine against the PostgreSQL-backed server, in one run. Both are started as
 * `npm start` starts them (fresh data directory, the simulators on, so the demo
 * member has a history; the PostgreSQL one on a scratch database of
 * BENCH_DATABASE_URL or TEST_DATABASE_URL) and both serve the same traffic at
 * the same time: the demo member's transfers wallet <-> game, wallet, statement
 * and lookup reads, 16 connections each, for BENCH_MEMORY_SECONDS (default 180),
 * sampled every 15 s from /proc. PostgreSQL's own processes are not counted:
 * the figure is the Node process a node runs. Without a PostgreSQL URL only the
 * embedded server runs. Why the figures are what they are: docs/performance.md,
 * "Server memory".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startNodeFlags } from '../scripts/start-flags.ts';
import { PAGE_SIZE } from '@jetton/contract/constants';
import { MONEY_RULE_DEFAULTS } from '@jetton/contract/money-rules';
import { ROUTES } from '@jetton/contract/routes';
import { benchDir, load, saveResult, type LoadResult } from './lib.ts';

const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 180);
const SAMPLE_S = 15;
const CONNECTIONS = 16;
/** What an embedded node may hold after long traffic (docs/performance.md). */
const TARGET_MIB = 300;
const DEMO = { username: '0812345678', password: 'demo1234' };

type Server = { label: string; child: ChildProcess; origin: string; metrics: string; dataDir: string; token: string; game: string };
type Sample = { rss: number; heap: number; external: number };
const METRICS_TOKEN = randomUUID();

function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(/\d+/.exec(line ?? '')?.[0] ?? 0) / 1024);
}

/** V8's heap in use and `external` (ArrayBuffers and the embedded engine's WebAssembly memory), from the node's /metrics. */
async function v8MiB(server: Server): Promise<{ heap: number; external: number }> {
  const text = await (await fetch(server.metrics, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (name: string): number => Math.round(Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20);
  return { heap: value('jetton_nodejs_heap_size_used_bytes'), external: value('jetton_nodejs_external_memory_bytes') };
}

async function startServer(label: string, port: number, databaseUrl?: string): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jetton-bench-memory-'));
  // The embedded node must not inherit a PostgreSQL URL from the shell.
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const child = spawn(process.execPath, [...startNodeFlags(), path.join(benchDir, '../scripts/start.ts')], {
    env: {
      ...inherited,
      PORT: String(port),
      METRICS_PORT: String(port + 100),
      METRICS_TOKEN,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SANDBOX: 'on',
      // More Node flags for the measured servers only (to try a setting beside `npm start`'s), not for the load generator.
      ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${label} server exited with ${child.exitCode}`);
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!login.ok) throw new Error(`${label}: demo login answered ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const wallet = (await (await fetch(`${origin}${ROUTES.wallet.summary}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    slots: { code: string; isActive: boolean }[];
  };
  const game = wallet.slots.find((slot) => slot.isActive)?.code;
  if (!game) throw new Error(`${label}: the demo member has no open game account`);
  return { label, child, origin, metrics: `http://127.0.0.1:${port + 100}/metrics`, dataDir, token, game };
}

function requests(server: Server) {
  const headers = { authorization: `Bearer ${server.token}` };
  const transfer = (from: string, to: string) =>
    ((req: Record<string, unknown>) => ({
      ...req,
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ from, to, amount: MONEY_RULE_DEFAULTS.THB.transferMin }),
    })) as never;
  return [
    { method: 'POST' as const, path: ROUTES.wallet.transfer, setupRequest: transfer('WALLET', server.game) },
    { method: 'GET' as const, path: ROUTES.wallet.summary, headers },
    { method: 'POST' as const, path: ROUTES.wallet.transfer, setupRequest: transfer(server.game, 'WALLET') },
    {
      method: 'POST' as const,
      path: ROUTES.statement.list,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, limit: PAGE_SIZE.statement }),
    },
    { method: 'GET' as const, path: ROUTES.lookup.banks, headers },
  ];
}

export async function runMemoryBench(): Promise<void> {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const basePort = Number(process.env.BENCH_MEMORY_PORT ?? 18_450);
  const servers: Server[] = [];
  const scratch = `jetton_bench_memory_${process.pid}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(query).finally(() => client.end());
  };
  try {
    servers.push(await startServer('embedded', basePort));
    if (pgUrl) {
      await admin(`CREATE DATABASE ${scratch}`);
      const url = new URL(pgUrl);
      url.pathname = `/${scratch}`;
      servers.push(await startServer('postgres', basePort + 1, url.toString()));
    }
    console.log(
      `\nServer memory (MiB: RSS, V8 heap in use, external) under the same traffic, ${SECONDS} s, ${CONNECTIONS} connections per node`,
    );
    console.log(`${'after'.padEnd(8)}${servers.map((s) => `${s.label.padStart(10)} rss  heap   ext`).join('  ')}  load (1 min)`);
    const rows: { seconds: number; nodes: Record<string, Sample> }[] = [];
    const sample = async (seconds: number) => {
      const all = await Promise.all(servers.map(async (s) => ({ rss: rssMiB(s.child.pid ?? 0), ...(await v8MiB(s)) })));
      rows.push({ seconds, nodes: Object.fromEntries(servers.map((s, i) => [s.label, all[i] as Sample])) });
      const cells = all.map(
        (n) => `${' '.repeat(10)}${String(n.rss).padStart(4)}${String(n.heap).padStart(6)}${String(n.external).padStart(6)}`,
      );
      console.log(`${`${seconds} s`.padEnd(8)}${cells.join('  ')}  ${loadavg()[0]?.toFixed(1)}`);
    };
    await sample(0);
    const runs: Promise<LoadResult>[] = servers.map((s) =>
      load({ url: s.origin, connections: CONNECTIONS, duration: SECONDS, requests: requests(s) }),
    );
    for (let t = SAMPLE_S; t <= SECONDS; t += SAMPLE_S) {
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_S * 1000));
      await sample(t);
    }
    const results = await Promise.all(runs);
    servers.forEach((s, i) => {
      const r = results[i];
      if (r) console.log(`  ${s.label}: ${r.requestsPerSecond.toFixed(0)} req/s, non-2xx ${r.non2xx}, errors ${r.errors}`);
    });
    const last = rows.at(-1)?.nodes ?? {};
    const embedded = last.embedded?.rss ?? 0;
    const peak = (label: string): number => Math.max(...rows.map((row) => row.nodes[label]?.rss ?? 0));
    console.log(`peak RSS: ${servers.map((s) => `${s.label} ${peak(s.label)} MiB`).join(', ')}`);
    console.log(
      `embedded RSS ${embedded} MiB${last.postgres ? ` against the PostgreSQL-backed node's ${last.postgres.rss} MiB` : ''}; target <= ${TARGET_MIB} MiB: ${embedded <= TARGET_MIB ? 'met' : 'NOT met'} (load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );
    saveResult('memory', { at: new Date().toISOString(), seconds: SECONDS, rows });
  } finally {
    for (const s of servers) {
      await new Promise<void>((resolve) => {
        if (s.child.exitCode !== null) return resolve();
        s.child.once('exit', () => resolve());
        s.child.kill('SIGTERM');
      });
      rmSync(s.dataDir, { recursive: true, force: true });
    }
    if (pgUrl) await admin(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).catch(() => undefined);
  }
}
