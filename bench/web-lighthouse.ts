/**
 * `npm run bench -- web`: Lighthouse (mobile form factor, its default simulated
 * throttling: slow 4G and a 4x slower CPU) against the production build served
 * by the real server, on the system Chromium. Three cold runs each of /login
 * and of /user/home logged in as the demo member; prints the median of each
 * score and of LCP, TBT and CLS against the targets.
 *
 * Each run gets a fresh browser profile, so nothing is cached. The logged-in
 * run puts the demo member's token in localStorage first and asks Lighthouse
 * not to wipe storage (the fresh profile already has an empty cache).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { benchDir, saveResult } from './lib.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEMO = { username: '0812345678', password: 'demo1234' };
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

/** The targets for a phone on mobile data (docs/performance.md). */
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, lcpMs: 2_000 };

type Run = { scores: Record<(typeof CATEGORIES)[number], number>; lcpMs: number; tbtMs: number; cls: number; failing: string[] };
type Page = { path: string; loggedIn: boolean };

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** `npm start` as a person runs it (fresh data dir, the web build, the simulators on), on its own port. */
async function startServer(): Promise<{ child: ChildProcess; origin: string; dataDir: string }> {
  const port = Number(process.env.BENCH_WEB_PORT ?? (await freePort()));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jetton-bench-web-'));
  const child = spawn(process.execPath, [path.join(benchDir, '../scripts/start.ts')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SANDBOX: 'on' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, origin, dataDir };
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('server did not start within 180 s');
}

async function demoToken(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!response.ok) throw new Error(`demo login answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

async function lighthouseRun(origin: string, page: Page, token: string): Promise<Run> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'jetton-lighthouse-'));
  // A persistent context is the browser's default one, the context Lighthouse opens its tab in.
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      `--remote-debugging-port=${port}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    if (page.loggedIn) {
      const tab = await browser.newPage();
      await tab.goto(`${origin}/favicon.svg`);
      await tab.evaluate((value) => localStorage.setItem('token', value), token);
      await tab.close();
    }
    const result = await lighthouse(`${origin}${page.path}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: page.loggedIn,
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    // BENCH_LIGHTHOUSE_DUMP=<dir> keeps each report, to read its network waterfall and main-thread tasks.
    if (process.env.BENCH_LIGHTHOUSE_DUMP) {
      const name = `${page.path.replaceAll('/', '_')}-${Date.now()}.json`;
      writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_DUMP, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== page.path) throw new Error(`${page.path} ended on ${finalPath} (not logged in?)`);
    const audit = (id: string): number => lhr.audits[id]?.numericValue ?? NaN;
    const score = (id: (typeof CATEGORIES)[number]): number => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    // What cost points outside performance, so a score under 100 says why.
    const failing = (['accessibility', 'best-practices'] as const).flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id),
    );
    return {
      scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices') },
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      failing,
    };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** On a loaded machine Lighthouse sometimes loses the trace (NO_NAVSTART, NO_FCP): that run is taken again, up to twice. */
async function withRetries(run: () => Promise<Run>): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !error.message.startsWith('Lighthouse:')) throw error;
      console.log(`  (run again: ${error.message.slice(0, 60)})`);
    }
  }
}

function summarize(runs: Run[]): Run {
  return {
    scores: {
      performance: median(runs.map((r) => r.scores.performance)),
      accessibility: median(runs.map((r) => r.scores.accessibility)),
      'best-practices': median(runs.map((r) => r.scores['best-practices'])),
    },
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    failing: [...new Set(runs.flatMap((r) => r.failing))],
  };
}

const row = (label: string, r: Run): string =>
  `  ${label.padEnd(10)} perf ${String(r.scores.performance).padStart(3)}  a11y ${String(r.scores.accessibility).padStart(3)}  best ${String(r.scores['best-practices']).padStart(3)}  LCP ${(r.lcpMs / 1000).toFixed(2)} s  TBT ${r.tbtMs.toFixed(0)} ms  CLS ${r.cls.toFixed(3)}${r.failing.length ? `  failing: ${r.failing.join(', ')}` : ''}`;

export async function runWebBench(): Promise<void> {
  const pages: Page[] = [
    { path: '/login', loggedIn: false },
    { path: '/user/home', loggedIn: true },
  ];
  const { child, origin, dataDir } = await startServer();
  const medians: Record<string, Run> = {};
  try {
    const token = await demoToken(origin);
    console.log(`\nLighthouse (mobile, default simulated throttling, ${CHROMIUM}), ${RUNS} cold runs per page`);
    for (const page of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const run = await withRetries(() => lighthouseRun(origin, page, token));
        runs.push(run);
        console.log(row(`${page.path} #${i + 1}`, run));
      }
      medians[page.path] = summarize(runs);
    }
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('medians:');
  for (const [pagePath, m] of Object.entries(medians)) console.log(row(pagePath, m));
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  const target = `perf >= ${TARGETS.performance}, LCP <= ${TARGETS.lcpMs / 1000} s`;
  const login = medians['/login'];
  if (login) {
    const met =
      login.scores.performance >= TARGETS.performance &&
      login.scores.accessibility >= TARGETS.accessibility &&
      login.scores['best-practices'] >= TARGETS['best-practices'] &&
      login.lcpMs <= TARGETS.lcpMs;
    console.log(`/login target (${target}, a11y ${TARGETS.accessibility}, best practices ${TARGETS['best-practices']}): ${verdict(met)}`);
  }
  // Best practices is left out on the home: Chrome's inspector-issues audit (docs/performance.md).
  const home = medians['/user/home'];
  if (home) {
    const met =
      home.scores.performance >= TARGETS.performance && home.scores.accessibility >= TARGETS.accessibility && home.lcpMs <= TARGETS.lcpMs;
    console.log(`/user/home target (${target}, a11y ${TARGETS.accessibility}): ${verdict(met)}`);
  }
  saveResult('lighthouse', { at: new Date().toISOString(), runs: RUNS, medians });
}
