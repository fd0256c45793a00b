/**
 * `npm run bench -- growth`: does a member's request, and a job's tick, cost
 * the same on a big site as on a small one? Three sizes of one site
 * (bench/growth/sizes.ts: 1,000 / 10,000 / 50,000 members, about 11k / 134k /
 * 822k postings, one heavy player with 300 / 10k / 105k statement lines) are
 * built through the ledger's own functions (build.ts, writer.ts) on
 * PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) and, the two smaller,
 * on the embedded engine; every member endpoint (endpoints.ts) is measured on
 * every size ALTERNATING, endpoint by endpoint, round by round, so the noise of
 * a shared machine falls on all sizes alike. Prints per size p50 / p99 /
 * req/s and the ratio to s0 of the same engine, the sequential scans of
 * growing tables during the member requests (pg_stat_user_tables), each job's
 * tick time with the same pending work, and one line per endpoint over target.
 * Targets: p50 at the largest size within 1.5x and p99 within 2x of s0; the
 * heavy member's page 1 within 2x of an ordinary member's; no sequential scan
 * of a growing table.
 *
 * GROWTH_KEEP=1 keeps the built databases for the next run; GROWTH_ENGINES
 * (postgres,embedded), GROWTH_SIZES (s0,s1,s2), GROWTH_DURATION (s per measurement, default 2) and
 * GROWTH_ROUNDS (default 2) trim a run.
 */
import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { ask, saveResult, startChild, stopChild } from '../lib.ts';
import { closedLoop, type ClosedLoopResult } from './closed-loop.ts';
import { ENDPOINTS, NOT_MEASURED, type Endpoint, type Probes } from './endpoints.ts';
import type { JobTick } from './job-ticks.ts';
import type { BuildReport } from './build.ts';

const DURATION_S = Number(process.env.GROWTH_DURATION ?? 2);
const ROUNDS = Number(process.env.GROWTH_ROUNDS ?? 2);
const P50_TARGET = 1.5;
const P99_TARGET = 2;
const HEAVY_TARGET = 2;
/** Tables that grow with members or history: none may be scanned whole on a member request or a job tick. */
export const GROWING_TABLES = [
  'members',
  'sessions',
  'game_accounts',
  'ledger_accounts',
  'journal_entries',
  'postings',
  'transfers',
  'withdrawals',
  'slips',
  'qr_codes',
  'gift_links',
  'deposit_notices',
  'idempotency_keys',
  'demo_players',
  'demo_transfers',
  'demo_rounds',
  'demo_sessions',
  'launch_tickets',
  'statement_lines',
  'statement_heads',
  'otp_challenges',
  'verified_phones',
  'login_throttle',
];

type Site = {
  engine: string;
  size: string;
  child: ChildProcess;
  url: string;
  probes: Probes;
  report: BuildReport;
  startScans: TableStats | null;
};
type TableStats = { table: string; seqScans: number; indexScans: number; rows: number }[];
type Measured = { endpoint: string; site: string; rounds: ClosedLoopResult[] };

const label = (s: Pick<Site, 'engine' | 'size'>) => `${s.engine} ${s.size}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function startSite(engine: 'postgres' | 'embedded', size: string, pgUrl: string | undefined): Promise<Site> {
  const { child, ports, fields } = await startChild('growth/growth-fixture.ts', {
    GROWTH_SIZE: size,
    BENCH_DATABASE_URL: engine === 'postgres' ? pgUrl : '',
  });
  const probes = JSON.parse(readFileSync(fields[3] ?? '', 'utf8')) as Probes & { report: BuildReport; startScans: TableStats | null };
  return { engine, size, child, url: `http://127.0.0.1:${ports[0] ?? 0}`, probes, report: probes.report, startScans: probes.startScans };
}

/** pg_stat counters reach the view when a backend goes idle, at most every ~10 s: wait that long first. */
async function tableStats(site: Site): Promise<TableStats> {
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  return ask<TableStats>(site.child, { cmd: 'stats' });
}

function scansBetween(before: TableStats, after: TableStats): { table: string; seqScans: number; rows: number }[] {
  return after
    .filter((t) => GROWING_TABLES.includes(t.table))
    .map((t) => ({ table: t.table, seqScans: t.seqScans - (before.find((b) => b.table === t.table)?.seqScans ?? 0), rows: t.rows }))
    .filter((t) => t.seqScans > 0);
}

async function measure(sites: Site[], endpoints: Endpoint[], measured: Measured[]): Promise<void> {
  const counters = new Map<string, number>();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const endpoint of endpoints) {
      for (const site of sites) {
        const key = `${endpoint.name} ${label(site)}`;
        const start = counters.get(key) ?? 0;
        // Pool endpoints never reuse a member past its limit: each round gets its own share of the pool.
        // (The member pool is split in halves: deposit notices and slips share one limit per member.)
        const members = endpoint.pool === 'logoutPool' ? site.probes.logoutPool.length : Math.floor(site.probes.pool.length / 2);
        const cap = endpoint.poolUse ? Math.floor((members * endpoint.poolUse) / ROUNDS) : undefined;
        const result = await closedLoop({
          url: site.url,
          connections: endpoint.connections,
          durationS: DURATION_S,
          ...(cap === undefined ? {} : { maxRequests: cap }),
          request: (n) => endpoint.request(site.probes, start + n),
        });
        counters.set(key, start + result.requests);
        let row = measured.find((m) => m.endpoint === endpoint.name && m.site === label(site));
        if (!row) measured.push((row = { endpoint: endpoint.name, site: label(site), rounds: [] }));
        row.rounds.push(result);
      }
    }
  }
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));

export async function runGrowthBench(): Promise<void> {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const engines = (process.env.GROWTH_ENGINES ?? 'postgres,embedded').split(',').filter((e) => e !== 'postgres' || pgUrl) as (
    'postgres' | 'embedded'
  )[];
  const sizes = (process.env.GROWTH_SIZES ?? 's0,s1,s2').split(',');
  const wanted = engines.flatMap((engine) =>
    (engine === 'postgres' ? ['s0', 's1', 's2'] : ['s0', 's1']).filter((size) => sizes.includes(size)).map((size) => ({ engine, size })),
  );
  console.log(`\nGrowth: building ${wanted.map(label).join(', ')} (kept ones are reused)...`);
  const started = Date.now();
  const sites = await Promise.all(wanted.map(({ engine, size }) => startSite(engine, size, pgUrl)));
  console.log(`  ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  try {
    for (const s of sites) {
      const r = s.report;
      console.log(
        `  ${label(s).padEnd(13)} ${String(r.members).padStart(6)} members ${String(r.postings).padStart(8)} postings ${String(r.lines).padStart(7)} statement lines; heaviest member ${r.heaviestLines} lines (built in ${r.seconds.toFixed(0)} s)`,
      );
    }
    const before = await Promise.all(sites.map((s) => (s.engine === 'postgres' ? tableStats(s) : Promise.resolve([]))));
    const measured: Measured[] = [];
    await measure(sites, ENDPOINTS, measured);
    const after = await Promise.all(sites.map((s) => (s.engine === 'postgres' ? tableStats(s) : Promise.resolve([]))));
    const jobs = await Promise.all(sites.map((s) => ask<JobTick[]>(s.child, { cmd: 'jobs' })));
    const afterJobs = await Promise.all(sites.map((s) => (s.engine === 'postgres' ? tableStats(s) : Promise.resolve([]))));
    const checks = await Promise.all(sites.map((s) => ask<{ violations: number }>(s.child, { cmd: 'check' })));

    const over: string[] = [];
    for (const engine of engines) {
      const group = sites.filter((s) => s.engine === engine);
      const base = group[0];
      const largest = group.at(-1);
      if (!base || !largest) continue;
      console.log(
        `\nMember endpoints on ${engine} (${DURATION_S} s x ${ROUNDS} rounds each, sizes alternating; p50 / p99 ms, req/s; x = ratio to ${base.size})`,
      );
      console.log(`  ${'endpoint'.padEnd(48)} ${group.map((s) => s.size.padStart(22)).join('')}`);
      for (const endpoint of ENDPOINTS) {
        const figures = group.map((s) => {
          const rounds = measured.find((m) => m.endpoint === endpoint.name && m.site === label(s))?.rounds ?? [];
          const unexpected = rounds.reduce(
            (n, r) =>
              n +
              r.errors +
              Object.entries(r.statuses).reduce(
                (k, [status, count]) => (status.startsWith('2') || endpoint.expect?.includes(Number(status)) ? k : k + count),
                0,
              ),
            0,
          );
          return {
            site: s,
            p50: median(rounds.map((r) => r.p50Ms)),
            p99: median(rounds.map((r) => r.p99Ms)),
            rate: median(rounds.map((r) => r.perSecond)),
            non2xx: unexpected,
            statuses: rounds.map((r) => r.statuses),
          };
        });
        const b = figures[0];
        const cells = figures.map((f) => {
          const ratio = b && f !== b ? ` ${(f.p50 / Math.max(b.p50, 0.001)).toFixed(1)}x` : '';
          return `${fmt(f.p50)}/${fmt(f.p99)}/${f.rate.toFixed(0)}${ratio}`.padStart(22);
        });
        console.log(`  ${endpoint.name.padEnd(48)} ${cells.join('')}`);
        const big = figures.at(-1);
        if (b && big && big !== b) {
          if (big.p50 > b.p50 * P50_TARGET || big.p99 > b.p99 * P99_TARGET) {
            over.push(
              `${engine} ${endpoint.name}: ${big.site.size} p50 ${fmt(big.p50)} ms (${(big.p50 / b.p50).toFixed(2)}x), p99 ${fmt(big.p99)} ms (${(big.p99 / b.p99).toFixed(2)}x) vs ${b.site.size} ${fmt(b.p50)} / ${fmt(b.p99)} ms`,
            );
          }
        }
        const failed = figures.filter((f) => f.non2xx > 0);
        for (const f of failed) over.push(`${engine} ${endpoint.name}: ${f.site.size} answered ${JSON.stringify(f.statuses)}`);
      }
      for (const s of group) {
        const find = (name: string) => measured.find((m) => m.endpoint === name && m.site === label(s))?.rounds ?? [];
        const heavy = median(find('POST /api/statement page 1, heavy member').map((r) => r.p50Ms));
        const ordinary = median(find('POST /api/statement page 1, ordinary member').map((r) => r.p50Ms));
        const line = `heavy member's page 1 vs an ordinary member's, ${label(s)}: ${fmt(heavy)} / ${fmt(ordinary)} ms p50 = ${(heavy / Math.max(ordinary, 0.001)).toFixed(2)}x`;
        console.log(`  ${line}`);
        if (heavy > ordinary * HEAVY_TARGET) over.push(line);
      }
    }

    console.log('\nSequential scans of growing tables (pg_stat_user_tables)');
    for (const [i, s] of sites.entries()) {
      if (s.engine !== 'postgres') continue;
      const during = scansBetween(before[i] ?? [], after[i] ?? []);
      const inJobs = scansBetween(after[i] ?? [], afterJobs[i] ?? []);
      const show = (xs: { table: string; seqScans: number; rows: number }[]) =>
        xs.length === 0 ? 'none' : xs.map((x) => `${x.table} ${x.seqScans} (${x.rows} rows)`).join(', ');
      console.log(`  ${label(s).padEnd(13)} during member requests: ${show(during)}; during job ticks: ${show(inJobs)}`);
      if (s === sites.filter((x) => x.engine === 'postgres').at(-1) && during.length > 0)
        over.push(`sequential scans during member requests at ${label(s)}: ${show(during)}`);
      // Judged at the largest size: on a few pages the planner rightly reads a small table whole.
      if (s === sites.filter((x) => x.engine === 'postgres').at(-1) && inJobs.length > 0)
        over.push(`sequential scans during job ticks at ${label(s)}: ${show(inJobs)}`);
      if (s.startScans) {
        const atStart = s.startScans.filter((t) => GROWING_TABLES.includes(t.table));
        console.log(`  ${label(s).padEnd(13)} at server start (migrations, seeding, app): ${show(atStart)}`);
        if (atStart.length > 0) over.push(`sequential scans at server start at ${label(s)}: ${show(atStart)}`);
      } else {
        console.log(`  ${label(s).padEnd(13)} at server start: not measured (built in this run; kept sites with GROWTH_KEEP=1 measure it)`);
      }
    }

    console.log(`\nJob ticks with ${jobs[0]?.[0]?.pending ?? 0} items pending (ms, median of 3; idle tick after)`);
    for (const name of (jobs[0] ?? []).map((j) => j.job)) {
      const cells = sites.map((s, i) => {
        const tick = jobs[i]?.find((j) => j.job === name);
        return `${label(s)} ${fmt(tick?.busyMs ?? 0)} (idle ${fmt(tick?.idleMs ?? 0)})`;
      });
      console.log(`  ${name.padEnd(38)} ${cells.join('  ')}`);
      for (const engine of engines) {
        const group = sites.map((s, i) => ({ s, tick: jobs[i]?.find((j) => j.job === name) })).filter((x) => x.s.engine === engine);
        const b = group[0]?.tick;
        const big = group.at(-1);
        if (b && big?.tick && big.tick.busyMs > b.busyMs * P99_TARGET)
          over.push(`${engine} job ${name}: ${fmt(big.tick.busyMs)} ms at ${big.s.size} vs ${fmt(b.busyMs)} ms at s0`);
      }
    }
    console.log(
      `\nLedger invariant violations after the run: ${sites.map((s, i) => `${label(s)} ${checks[i]?.violations ?? '?'}`).join(', ')}`,
    );
    for (const skipped of NOT_MEASURED) console.log(`  not measured: ${skipped}`);
    console.log(over.length === 0 ? '\nEvery endpoint, scan and job within its target.' : `\nOver target (${over.length}):`);
    for (const line of over) console.log(`  OVER ${line}`);
    saveResult('growth', {
      at: new Date().toISOString(),
      durationS: DURATION_S,
      rounds: ROUNDS,
      sites: sites.map((s) => ({ site: label(s), report: s.report })),
      measured,
      jobs,
      over,
    });
  } finally {
    await Promise.all(sites.map((s) => stopChild(s.child)));
  }
}
