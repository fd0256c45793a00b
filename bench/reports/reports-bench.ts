/**
 * `npm run bench -- reports`: does every report answer within 500 ms on a
 * year of history? One year of synthetic activity for 100,000 members
 * (REPORTS_MEMBERS trims it) is written on PostgreSQL (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL) with set-based SQL (build.ts): about 1.2 M deposits on
 * every channel, 400 k withdrawals (paid and rejected), 300 k rewards (some
 * taken back), 1.2 M game transfers and 3 M rounds, so some 3.5 M entries and
 * 7 M postings. Then, on the same data in the same run:
 *
 * - baseline: each report over the last 30 days computed live from the
 *   postings and rounds (what the reports cost without the rollups), and the
 *   year's summary live;
 * - the report job's first pass (rolling the whole year), and one ordinary pass
 *   (today's closed day);
 * - each report over the last 30 days and over the whole year from the
 *   rollups (median of 5), and the reconciliation check.
 *
 * REPORTS_KEEP=1 keeps the built database (`jetton_reports_<members>`) for the next run.
 */
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { REPORT_NAMES, type ReportName } from '../../packages/contract/src/admin/reports.ts';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database.ts';
import { migrateSandbox } from '../../apps/server/src/sandbox/sandbox-migrations.ts';
import type { DB } from '../../apps/server/src/db/schema.ts';
import { checkInvariants } from '../../apps/server/src/ledger/check-invariants.ts';
import { addSiteDays, siteDay } from '../../packages/contract/src/site-time.ts';
import { createReportJob } from '../../apps/server/src/modules/reports/report-job.ts';
import { createReportService } from '../../apps/server/src/modules/reports/report-service.ts';
import { seedDatabase } from '../../apps/server/src/seed.ts';
import { saveResult } from '../lib.ts';
import { buildYear } from './build.ts';

const TARGET_MS = 500;
const RUNS = 5;
const log = (line: string) => process.stderr.write(`[reports] ${line}\n`);

async function admin(url: string, query: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client.query(query).finally(() => client.end());
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

async function median(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push((await timed(run)).ms);
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

export async function runReportsBench(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('reports bench: skipped (needs BENCH_DATABASE_URL or TEST_DATABASE_URL: PostgreSQL)');
    return;
  }
  const members = Number(process.env.REPORTS_MEMBERS ?? 100_000);
  const keep = process.env.REPORTS_KEEP === '1';
  const name = keep ? `jetton_reports_${members}` : `jetton_reports_${process.pid}`;
  const exists = (await admin(url, `SELECT 1 FROM pg_database WHERE datname = '${name}'`)).rowCount === 1;
  if (!exists) await admin(url, `CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 4 });
  const db: Kysely<DB> = database.db;
  try {
    // The last full Bangkok day is "yesterday" of the bench's clock; the year ends there.
    const now = new Date();
    const lastDay = addSiteDays(siteDay(now), -1);
    const firstDay = addSiteDays(lastDay, -364);
    await migrateToLatest(db);
    await migrateSandbox(db);
    if (!exists) {
      await seedDatabase(db, { demoMember: false });
      const built = await timed(() => buildYear(db, { members, firstDay, lastDay, log }));
      log(`built in ${(built.ms / 1000).toFixed(0)} s: ${JSON.stringify(built.value)}`);
      const violations = await checkInvariants(db);
      if (violations.length > 0) throw new Error(`${violations.length} ledger invariant violations after the build`);
    }
    await sql`delete from report_ledger_daily`.execute(db);
    await sql`delete from report_game_daily`.execute(db);
    await sql`delete from report_member_daily`.execute(db);
    await sql`delete from report_days`.execute(db);
    const { rows: sizes } = await sql<{ entries: bigint; postings: bigint; rounds: bigint; members: bigint }>`
      select (select count(*) from journal_entries) as entries, (select count(*) from postings) as postings,
             (select count(*) from game_rounds) as rounds, (select count(*) from members) as members`.execute(db);
    const size = sizes[0];
    log(`data: ${size?.members} members, ${size?.entries} entries, ${size?.postings} postings, ${size?.rounds} rounds`);

    const clock = { now: () => now };
    const service = createReportService({ db, clock });
    const month = { from: addSiteDays(lastDay, -29), to: lastDay };
    const year = { from: firstDay, to: lastDay };
    const run = (report: ReportName, range: { from: string; to: string }) =>
      (service[report] as (r: typeof range) => Promise<unknown>)(range);

    // Baseline: no rollups, every figure live from the postings and rounds.
    const baseline: Record<string, number> = {};
    for (const report of REPORT_NAMES) baseline[report] = (await timed(() => run(report, month))).ms;
    const baselineYearSummary = (await timed(() => run('summary', year))).ms;

    const job = createReportJob({ db, clock, providers: () => Promise.resolve([]) });
    let firstPass = 0;
    let rolled = 0;
    for (;;) {
      const pass = await timed(() => job.runOnce());
      firstPass += pass.ms;
      rolled += pass.value.rolled;
      if (pass.value.rolled === 0) break;
    }
    await sql`delete from report_days where day = ${lastDay}::date`.execute(db);
    const dailyPass = (await timed(() => job.runOnce())).ms;
    await sql`analyze`.execute(db);

    const rows: { report: string; baselineMonthMs: number; monthMs: number; yearMs: number; ok: boolean }[] = [];
    for (const report of REPORT_NAMES) {
      const monthMs = await median(() => run(report, month));
      const yearMs = await median(() => run(report, year));
      rows.push({ report, baselineMonthMs: baseline[report] ?? 0, monthMs, yearMs, ok: monthMs < TARGET_MS && yearMs < TARGET_MS });
    }
    const reconMonth = await timed(() => service.reconciliation(month));
    const reconYear = await timed(() => service.reconciliation(year));

    const f = (ms: number) => `${ms.toFixed(0).padStart(7)} ms`;
    console.log(
      `\nreports on ${size?.members} members, ${size?.postings} postings, ${size?.rounds} rounds (PostgreSQL); target < ${TARGET_MS} ms`,
    );
    console.log(`${'report'.padEnd(16)}${'baseline 30 d'.padStart(14)}${'30 days'.padStart(11)}${'365 days'.padStart(11)}`);
    for (const r of rows)
      console.log(
        `${r.report.padEnd(16)}${f(r.baselineMonthMs).padStart(14)}${f(r.monthMs).padStart(11)}${f(r.yearMs).padStart(11)}${r.ok ? '' : '  OVER TARGET'}`,
      );
    console.log(`baseline summary over 365 days, live: ${f(baselineYearSummary)}`);
    console.log(`report job: first pass rolled ${rolled} days in ${f(firstPass)}; a daily pass (one day) ${f(dailyPass)}`);
    console.log(
      `reconciliation (range recomputed from postings + every day against balances): 30 days ${f(reconMonth.ms)} (${reconMonth.value.ok ? 'ok' : 'MISMATCH'}), 365 days ${f(reconYear.ms)} (${reconYear.value.ok ? 'ok' : 'MISMATCH'})`,
    );
    saveResult('reports', {
      members: Number(size?.members),
      postings: Number(size?.postings),
      rounds: Number(size?.rounds),
      reports: rows,
      baselineYearSummaryMs: baselineYearSummary,
      firstPassMs: firstPass,
      rolledDays: rolled,
      dailyPassMs: dailyPass,
      reconciliation: { monthMs: reconMonth.ms, monthOk: reconMonth.value.ok, yearMs: reconYear.ms, yearOk: reconYear.value.ok },
    });
  } finally {
    await db.destroy();
    if (!keep) await admin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
