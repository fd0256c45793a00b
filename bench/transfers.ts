/**
 * HTTP transfers wallet -> game -> wallet under load, in one run per database
 * engine (embedded always; PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL
 * is set), 64 connections spread over 1,000 members, then on one hot member.
 *
 * Each scenario runs at 64 connections, each sending its next request as soon as
 * the last is answered: the peak transfers/s, and a latency that is mostly
 * queueing (about 64 / rate). A light-load run (4 connections) beside it shows
 * the service time a member waits when the server is not saturated. The
 * baseline in the same run is an authenticated read (GET /api/account/profile).
 * After each engine the ledger's invariants are checked.
 * Targets: p99 under 50 ms, zero 5xx, zero invariant violations.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ask, load, saveResult, startChild, stopChild, type LoadResult } from './lib.ts';

const CONNECTIONS = 64;
const LIGHT_CONNECTIONS = 4;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const GAME = 'pg';

type Scenario = { name: string; result: LoadResult };

function transferRequests(tokens: string[], pick: (n: number) => string) {
  let next = 0;
  const body = (from: string, to: string) => JSON.stringify({ from, to, amount: 1 });
  // Each connection alternates wallet -> game and game -> wallet for one member.
  const setup = (direction: [string, string]) => (req: Record<string, unknown>, context: { token?: string }) => {
    context.token ??= pick(next++);
    return {
      ...req,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${context.token}`, 'idempotency-key': randomUUID() },
      body: body(...direction),
    };
  };
  return [
    { method: 'POST' as const, path: '/api/wallet/transfer', setupRequest: setup(['WALLET', GAME]) },
    { method: 'POST' as const, path: '/api/wallet/transfer', setupRequest: setup([GAME, 'WALLET']) },
  ].map((r) => ({ ...r, setupRequest: r.setupRequest as never }));
}

async function runEngine(env: NodeJS.ProcessEnv): Promise<{ engine: string; scenarios: Scenario[]; violations: number }> {
  const { child, ports, fields } = await startChild('transfer-fixture.ts', env);
  const [port] = ports;
  const engine = fields[1] ?? '?';
  const tokens = JSON.parse(readFileSync(fields[2] ?? '', 'utf8')) as string[];
  const url = `http://127.0.0.1:${port}`;
  const scenarios: Scenario[] = [];
  try {
    const baseline = await load({
      url: `${url}/api/account/profile`,
      connections: CONNECTIONS,
      duration: DURATION_S,
      requests: [
        {
          setupRequest: ((req: Record<string, unknown>, ctx: { token?: string }) => {
            ctx.token ??= tokens[Math.floor(Math.random() * tokens.length)] ?? '';
            return { ...req, headers: { authorization: `Bearer ${ctx.token}` } };
          }) as never,
        },
      ],
    });
    scenarios.push({ name: 'baseline: GET /api/account/profile', result: baseline });
    const pickers: [string, (n: number) => string][] = [
      [`${tokens.length} members`, (n) => tokens[n % tokens.length] ?? ''],
      ['one hot member', () => tokens[0] ?? ''],
    ];
    for (const [label, pick] of pickers) {
      const peak = await load({ url, connections: CONNECTIONS, duration: DURATION_S, requests: transferRequests(tokens, pick) });
      scenarios.push({ name: `transfers, ${label}, ${CONNECTIONS} conn.`, result: peak });
      const light = await load({ url, connections: LIGHT_CONNECTIONS, duration: DURATION_S, requests: transferRequests(tokens, pick) });
      scenarios.push({ name: `transfers, ${label}, ${LIGHT_CONNECTIONS} conn.`, result: light });
    }
    const { violations } = await ask<{ violations: number }>(child, { cmd: 'check' });
    return { engine, scenarios, violations };
  } finally {
    await stopChild(child);
  }
}

export async function runTransferBench(): Promise<void> {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const engines: NodeJS.ProcessEnv[] = [{ BENCH_DATABASE_URL: '' }];
  if (pgUrl) engines.push({ BENCH_DATABASE_URL: pgUrl });
  const runs = [];
  for (const env of engines) {
    const run = await runEngine(env);
    runs.push(run);
    console.log(`\nTransfers over HTTP on the ${run.engine} database (${CONNECTIONS} connections, ${DURATION_S} s each)`);
    for (const { name, result } of run.scenarios) {
      console.log(
        `  ${name.padEnd(38)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  non-2xx ${result.non2xx}  errors ${result.errors}`,
      );
    }
    const loaded = run.scenarios.filter((s) => s.name.endsWith(`${CONNECTIONS} conn.`));
    const worstP99 = Math.max(...loaded.map((s) => s.result.p99Ms));
    const non2xx = run.scenarios.reduce((n, s) => n + s.result.non2xx, 0);
    console.log(`  non-2xx answers over all scenarios: ${non2xx}; invariant violations after the run: ${run.violations}`);
    console.log(`  target p99 < 50 ms at ${CONNECTIONS} connections: ${worstP99 < 50 ? 'met' : 'NOT met'} (worst ${worstP99} ms)`);
  }
  saveResult('transfers', { at: new Date().toISOString(), connections: CONNECTIONS, durationS: DURATION_S, runs });
}
