/**
 * HTTP transfers wallet -> game -> wallet under load, in one run per database
 * engine (embedded always; PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL
 * is set), 64 connections spread over 1,000 members, then on one hot member.
 *
 * Each scenario first runs CLOSED loop at 64 connections, each sending its next
 * request as soon as the last is answered: the peak transfers/s, and a latency
 * that is mostly queueing (about 64 / rate), so it cannot tell whether the p99
 * target is met at any traffic below the peak. A light-load run (4 connections)
 * beside it shows the service time when the server is not saturated.
 * Then OPEN loop (bench/open-loop.ts) over the same 64 connections at fixed
 * offered rates of 25 %, 50 % and 75 % of that scenario's closed-loop peak:
 * requests arrive evenly spaced whether or not earlier ones were answered, and
 * latency counts from each request's intended start, so these p99s are what a
 * member waits at that traffic. Open-loop requests come in pairs per member,
 * wallet -> game then game -> wallet (the fixture gives every game account
 * 1,000.00, so a pair overtaken by its second half still succeeds). After each
 * engine: the highest offered rate whose p99 was under 50 ms, per scenario (with
 * a short BENCH_DURATION a run has a few hundred answers and its p99 is near its max).
 * The baseline in the same run is an authenticated read (GET /api/account/profile).
 * Beside each closed-loop peak: CPU time per transfer of the server, PostgreSQL
 * and the load generator (bench/cpu-usage.ts), and the ceiling it implies.
 * On PostgreSQL, last: the HTTP transfers over the members beside the raw
 * ledger primitive (ledger_post, bench/ledger-vs-pgledger.ts) on the same
 * server, in alternating rounds (BENCH_RATIO_ROUNDS, default 3), and their ratio.
 * After each engine the ledger's invariants are checked. BENCH_ENGINES picks
 * engines (durable, fsync-off, postgres) for a quicker before-and-after.
 * Targets: p99 under 50 ms at 64 connections (judged on the open-loop runs),
 * zero 5xx, zero invariant violations.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { MONEY_RULE_DEFAULTS } from '@jetton/contract/money-rules';
import { cpuPerOp, cpuSample, type CpuPerOp } from './cpu-usage.ts';
import { openRawLedger } from './ledger-vs-pgledger.ts';
import { ask, load, saveResult, startChild, stopChild, type LoadResult } from './lib.ts';
import { openLoop, type OpenLoopRequest, type OpenLoopResult } from './open-loop.ts';

const CONNECTIONS = 64;
const LIGHT_CONNECTIONS = 4;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const GAME = 'pg';
/** Open-loop offered rates, as fractions of the scenario's closed-loop peak. */
const OPEN_LOOP_FRACTIONS = [0.25, 0.5, 0.75];
const TARGET_P99_MS = 50;
/** Alternating rounds of HTTP transfers and the raw ledger, for their ratio (PostgreSQL). */
const RATIO_ROUNDS = Number(process.env.BENCH_RATIO_ROUNDS ?? 3);

type Scenario = { name: string; result: LoadResult; cpu?: CpuPerOp };
type OpenLoopRun = { name: string; scenario: string; fractionOfPeak: number; result: OpenLoopResult };
type OpenLoopVerdict = { scenario: string; peakPerSecond: number; bestRateUnderTarget: number | null };

/** One transfer of the baht minimum amount by the member holding `token`, with a fresh Idempotency-Key. */
function transfer(token: string, from: string, to: string): { headers: Record<string, string>; body: string } {
  return {
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ from, to, amount: MONEY_RULE_DEFAULTS.THB.transferMin }),
  };
}

function transferRequests(pick: (n: number) => string) {
  let next = 0;
  // Each connection alternates wallet -> game and game -> wallet for one member.
  const setup =
    ([from, to]: [string, string]) =>
    (req: Record<string, unknown>, context: { token?: string }) => {
      context.token ??= pick(next++);
      return { ...req, ...transfer(context.token, from, to) };
    };
  return [
    { method: 'POST' as const, path: '/api/wallet/transfer', setupRequest: setup(['WALLET', GAME]) },
    { method: 'POST' as const, path: '/api/wallet/transfer', setupRequest: setup([GAME, 'WALLET']) },
  ].map((r) => ({ ...r, setupRequest: r.setupRequest as never }));
}

/** Request 2k moves 1.00 wallet -> game for member pick(k), request 2k + 1 moves it back. */
function openLoopTransfer(pick: (n: number) => string) {
  return (i: number): OpenLoopRequest => {
    const [from, to] = i % 2 === 0 ? ['WALLET', GAME] : [GAME, 'WALLET'];
    return { method: 'POST', path: '/api/wallet/transfer', ...transfer(pick(Math.floor(i / 2)), from, to) };
  };
}

type EngineRun = {
  engine: string;
  scenarios: Scenario[];
  openLoop: OpenLoopRun[];
  verdicts: OpenLoopVerdict[];
  violations: number;
  /** Embedded on disk with durable commits: flushes that reached the disk per transfer, in the first closed-loop run. */
  flushesPerTransfer: number | null;
  /** PostgreSQL: HTTP transfers and the raw ledger in alternating rounds (ratioRounds). */
  againstLedger: LedgerRound[] | null;
};
/** One alternating round: HTTP transfers/s over the members, then the raw ledger's postings/s. */
type LedgerRound = { http: number; raw: number };
type Check = { violations: number; flushes: number | null };

async function runEngine(env: NodeJS.ProcessEnv): Promise<EngineRun> {
  const { child, ports, fields } = await startChild('transfer-fixture.ts', env);
  const [port] = ports;
  const engine = fields[1] ?? '?';
  const tokens = JSON.parse(readFileSync(fields[2] ?? '', 'utf8')) as string[];
  const url = `http://127.0.0.1:${port}`;
  const scenarios: Scenario[] = [];
  const openLoopRuns: OpenLoopRun[] = [];
  const verdicts: OpenLoopVerdict[] = [];
  let flushesPerTransfer: number | null = null;
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
      const before = cpuSample(child.pid ?? 0);
      const flushesBefore = (await ask<Check>(child, { cmd: 'check' })).flushes;
      const peak = await load({ url, connections: CONNECTIONS, duration: DURATION_S, requests: transferRequests(pick) });
      const cpu = cpuPerOp(before, cpuSample(child.pid ?? 0), peak.requestsPerSecond * DURATION_S);
      const flushesAfter = (await ask<Check>(child, { cmd: 'check' })).flushes;
      if (flushesPerTransfer === null && flushesBefore !== null && flushesAfter !== null && peak.requestsPerSecond > 0) {
        flushesPerTransfer = (flushesAfter - flushesBefore) / (peak.requestsPerSecond * DURATION_S);
      }
      scenarios.push({ name: `transfers, ${label}, ${CONNECTIONS} conn.`, result: peak, cpu });
      const light = await load({ url, connections: LIGHT_CONNECTIONS, duration: DURATION_S, requests: transferRequests(pick) });
      scenarios.push({ name: `transfers, ${label}, ${LIGHT_CONNECTIONS} conn.`, result: light });
      let bestRateUnderTarget: number | null = null;
      for (const fractionOfPeak of OPEN_LOOP_FRACTIONS) {
        const rate = Math.max(1, Math.round(peak.requestsPerSecond * fractionOfPeak));
        const result = await openLoop({
          url,
          connections: CONNECTIONS,
          ratePerSecond: rate,
          durationS: DURATION_S,
          request: openLoopTransfer(pick),
        });
        openLoopRuns.push({
          name: `transfers, ${label}, ${CONNECTIONS} conn., open loop ${rate}/s`,
          scenario: label,
          fractionOfPeak,
          result,
        });
        if (result.p99Ms < TARGET_P99_MS && result.non2xx === 0 && result.errors === 0)
          bestRateUnderTarget = Math.max(bestRateUnderTarget ?? 0, rate);
      }
      verdicts.push({ scenario: label, peakPerSecond: peak.requestsPerSecond, bestRateUnderTarget });
    }
    const againstLedger = env.BENCH_DATABASE_URL ? await ratioRounds(env.BENCH_DATABASE_URL, url, pickers[0]?.[1] ?? (() => '')) : null;
    const { violations } = await ask<Check>(child, { cmd: 'check' });
    return { engine, scenarios, openLoop: openLoopRuns, verdicts, violations, flushesPerTransfer, againstLedger };
  } finally {
    await stopChild(child);
  }
}

export async function runTransferBench(): Promise<void> {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  // The embedded engine twice: durable commits (as `npm start` runs it) beside PGlite's fsync-off default, to show the cost.
  const engines: NodeJS.ProcessEnv[] = [
    { BENCH_DATABASE_URL: '', BENCH_EMBEDDED: 'durable' },
    { BENCH_DATABASE_URL: '', BENCH_EMBEDDED: 'fsync-off' },
  ];
  if (pgUrl) engines.push({ BENCH_DATABASE_URL: pgUrl });
  const runs = [];
  for (const env of engines.filter((e) => wanted(e))) {
    const run = await runEngine(env);
    runs.push(run);
    console.log(`\nTransfers over HTTP on the ${run.engine} database (${CONNECTIONS} connections, ${DURATION_S} s each)`);
    for (const { name, result, cpu } of run.scenarios) {
      console.log(
        `  ${name.padEnd(38)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  non-2xx ${result.non2xx}  errors ${result.errors}`,
      );
      if (cpu) {
        console.log(
          `    CPU per transfer: server ${cpu.serverMs.toFixed(2)} ms, PostgreSQL ${cpu.postgresMs.toFixed(2)} ms, load generator ${cpu.loadGeneratorMs.toFixed(2)} ms; ` +
            `machine ${cpu.busyPercent.toFixed(0)} % busy; ceiling with every core on it ${cpu.ceilingPerSecond.toFixed(0)}/s`,
        );
      }
    }
    for (const { name, result } of run.openLoop) {
      console.log(
        `  ${name.padEnd(52)} achieved ${result.achievedPerSecond.toFixed(0).padStart(5)}/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  max ${result.maxMs} ms  non-2xx ${result.non2xx}  errors ${result.errors}`,
      );
    }
    const loaded = run.scenarios.filter((s) => s.name.endsWith(`${CONNECTIONS} conn.`));
    const worstP99 = Math.max(...loaded.map((s) => s.result.p99Ms));
    const non2xx = run.scenarios.reduce((n, s) => n + s.result.non2xx, 0) + run.openLoop.reduce((n, s) => n + s.result.non2xx, 0);
    console.log(`  non-2xx answers over all scenarios: ${non2xx}; invariant violations after the run: ${run.violations}`);
    if (run.flushesPerTransfer !== null) console.log(`  flushes to disk (fsync) per transfer: ${run.flushesPerTransfer.toFixed(1)}`);
    console.log(`  closed loop at ${CONNECTIONS} connections (p99 is queueing, about ${CONNECTIONS} / rate): worst p99 ${worstP99} ms`);
    for (const { scenario, peakPerSecond, bestRateUnderTarget } of run.verdicts) {
      const tried = run.openLoop.filter((r) => r.scenario === scenario).map((r) => `${r.result.offeredPerSecond}/s`);
      console.log(
        `  target p99 < ${TARGET_P99_MS} ms at ${CONNECTIONS} connections, ${scenario}: ` +
          (bestRateUnderTarget === null
            ? `NOT met at any offered rate tried (${tried.join(', ')})`
            : `highest offered rate with p99 under it ${bestRateUnderTarget}/s (${((100 * bestRateUnderTarget) / peakPerSecond).toFixed(0)} % of the closed-loop peak ${peakPerSecond.toFixed(0)}/s; tried ${tried.join(', ')})`),
      );
    }
  }
  printDurabilityCost(runs);
  const ledger = printAgainstLedger(runs);
  saveResult('transfers', {
    rawLedgerPerSecond: ledger,
    at: new Date().toISOString(),
    connections: CONNECTIONS,
    durationS: DURATION_S,
    openLoopFractionsOfPeak: OPEN_LOOP_FRACTIONS,
    targetP99Ms: TARGET_P99_MS,
    runs,
  });
}

/**
 * BENCH_ENGINES (a comma-separated list of durable, fsync-off, postgres) runs
 * only those engines: a before-and-after comparison of one engine in minutes.
 */
function wanted(env: NodeJS.ProcessEnv): boolean {
  const only = process.env.BENCH_ENGINES?.split(',').map((e) => e.trim());
  if (!only) return true;
  return only.includes(env.BENCH_DATABASE_URL ? 'postgres' : (env.BENCH_EMBEDDED ?? ''));
}

/** The embedded engine's two settings side by side: what durable commits cost. */
function printDurabilityCost(runs: EngineRun[]): void {
  const durable = runs.find((r) => r.engine === 'embedded/durable');
  const off = runs.find((r) => r.engine === 'embedded/fsync-off');
  if (!durable || !off) return;
  console.log("\nEmbedded engine: durable commits (fsync on, the default) beside PGlite's fsync-off default");
  for (const scenario of durable.scenarios) {
    const other = off.scenarios.find((s) => s.name === scenario.name);
    if (!other) continue;
    const d = scenario.result;
    const o = other.result;
    console.log(
      `  ${scenario.name.padEnd(38)} durable ${d.requestsPerSecond.toFixed(0).padStart(5)} req/s p50 ${d.p50Ms} ms p99 ${d.p99Ms} ms` +
        ` | fsync off ${o.requestsPerSecond.toFixed(0).padStart(5)} req/s p50 ${o.p50Ms} ms p99 ${o.p99Ms} ms`,
    );
  }
  console.log(
    `  flushes per transfer: durable ${durable.flushesPerTransfer?.toFixed(1) ?? '?'}, fsync off ${off.flushesPerTransfer?.toFixed(1) ?? '0 (not flushed)'}`,
  );
}

/**
 * The HTTP path against the raw ledger primitive on the same PostgreSQL, in
 * ALTERNATING rounds (HTTP, ledger, HTTP, ledger, ...): the machine's speed
 * changes over minutes on a shared host, and a ledger measured minutes after
 * the HTTP run moved the ratio by a third between runs. The ratio is the sum
 * of one side's rounds over the other's.
 */
async function ratioRounds(pgUrl: string, url: string, pick: (n: number) => string): Promise<LedgerRound[]> {
  const ledger = await openRawLedger(pgUrl);
  const rounds: LedgerRound[] = [];
  try {
    for (let i = 0; i < RATIO_ROUNDS; i++) {
      const http = await load({ url, connections: CONNECTIONS, duration: DURATION_S, requests: transferRequests(pick) });
      rounds.push({ http: http.requestsPerSecond, raw: await ledger.round(DURATION_S) });
    }
  } finally {
    await ledger.close();
  }
  return rounds;
}

function printAgainstLedger(runs: EngineRun[]): number | null {
  const rounds = runs.find((r) => r.engine === 'postgres')?.againstLedger;
  if (!rounds?.length) return null;
  const sum = (side: keyof LedgerRound) => rounds.reduce((total, r) => total + r[side], 0);
  console.log(
    `\nHTTP transfers on PostgreSQL (${CONNECTIONS} connections over the members) against the raw ledger (ledger_post, one call a transaction, ` +
      `20 workers, 50 accounts), ${rounds.length} alternating rounds of ${DURATION_S} s each:`,
  );
  for (const [i, r] of rounds.entries())
    console.log(`  round ${i + 1}: HTTP ${r.http.toFixed(0)}/s, raw ledger ${r.raw.toFixed(0)}/s = ${(r.http / r.raw).toFixed(2)}`);
  console.log(
    `  all rounds: ${(sum('http') / rounds.length).toFixed(0)}/s against ${(sum('raw') / rounds.length).toFixed(0)}/s = ` +
      `${(sum('http') / sum('raw')).toFixed(2)} of the raw ledger`,
  );
  return sum('raw') / rounds.length;
}
