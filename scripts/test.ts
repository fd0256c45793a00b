/**
 * `npm test`: lint, typecheck, unit and integration tests (embedded database, and
 * PostgreSQL too when TEST_DATABASE_URL is set; the Redis rate-limit store when
 * TEST_REDIS_URL is set, by default when Redis answers on 127.0.0.1:6379), then
 * the browser tests. Every step runs even when an earlier one fails, so one run
 * shows everything; the last line counts the tests: "N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'jetton-test-'));
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');
const TYPECHECKED = ['.', 'packages/contract', 'packages/ui', 'apps/server', 'apps/web', 'apps/admin', 'e2e'];

type Step = { name: string; run: () => boolean };

const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379/15';

/** Whether something accepts TCP connections on host:port within a short time. */
function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 500 });
    const finish = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => finish(true));
    socket.once('timeout', () => finish(false));
    socket.once('error', () => finish(false));
  });
}

// A machine with Redis runs the Redis rate-limit tests without being told (database 15, keys cleaned up).
if (!process.env.TEST_REDIS_URL && (await answers('127.0.0.1', 6379))) process.env.TEST_REDIS_URL = DEFAULT_TEST_REDIS_URL;

const bin = (name: string): string => path.join(root, 'node_modules/.bin', name);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

const only = process.argv.slice(2);
const steps: Step[] = [
  // The format check belongs to lint: code that is not in the one house format fails here.
  {
    name: 'lint',
    run: () => run(bin('eslint'), ['--max-warnings', '0', '.']) && run(bin('prettier'), ['--check', '--log-level', 'warn', '.']),
  },
  { name: 'typecheck', run: () => TYPECHECKED.every((project) => run(bin('tsc'), ['-p', project])) },
  // Builds the web app when needed and fails when a route ships more JavaScript than its budget.
  { name: 'budget', run: () => run(process.execPath, [path.join(root, 'scripts/budget.ts')]) },
  {
    name: 'unit and integration',
    run: () => run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]),
  },
  {
    name: 'browser',
    run: () => {
      ensureWebBuild('default');
      ensureWebBuild('lao');
      ensureWebBuild('admin');
      return run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport });
    },
  },
].filter((step) => only.length === 0 || only.includes(step.name.split(' ')[0] ?? ''));

const failedSteps: string[] = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  let ok = false;
  try {
    ok = step.run();
  } catch (error) {
    console.error(error);
  }
  console.log(`=== ${step.name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s) ===`);
  if (!ok) failedSteps.push(step.name);
}

function counts(): { passed: number; failed: number; skipped: number } {
  const total = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(vitestReport)) {
    const v = JSON.parse(readFileSync(vitestReport, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number };
    total.passed += v.numPassedTests;
    total.failed += v.numFailedTests;
    total.skipped += v.numPendingTests;
  }
  if (existsSync(playwrightReport)) {
    const p = JSON.parse(readFileSync(playwrightReport, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    };
    total.passed += p.stats.expected + p.stats.flaky;
    total.failed += p.stats.unexpected;
    total.skipped += p.stats.skipped;
  }
  return total;
}

type VitestReport = {
  testResults: { name: string; assertionResults: { status: string; fullName: string; failureMessages?: string[] }[] }[];
};
type PlaywrightSuite = { file?: string; specs?: { title: string; ok: boolean; line?: number }[]; suites?: PlaywrightSuite[] };

/**
 * The failed tests by name, printed last: CI may keep only the end of a long
 * output, and a count alone does not say what to look at.
 */
function failedTests(): string[] {
  const names: string[] = [];
  if (existsSync(vitestReport)) {
    const v = JSON.parse(readFileSync(vitestReport, 'utf8')) as VitestReport;
    for (const file of v.testResults) {
      for (const test of file.assertionResults.filter((a) => a.status === 'failed')) {
        const why = (test.failureMessages?.[0] ?? '').split('\n')[0]?.slice(0, 300);
        names.push(`${path.relative(root, file.name)} > ${test.fullName}: ${why}`);
      }
    }
  }
  if (existsSync(playwrightReport)) {
    const walk = (suite: PlaywrightSuite, file: string): void => {
      const here = suite.file ?? file;
      for (const spec of suite.specs ?? []) if (!spec.ok) names.push(`${here}:${spec.line ?? '?'} > ${spec.title}`);
      for (const child of suite.suites ?? []) walk(child, here);
    };
    const p = JSON.parse(readFileSync(playwrightReport, 'utf8')) as PlaywrightSuite;
    walk(p, '');
  }
  return names;
}

const { passed, failed, skipped } = counts();
const failedNames = failedTests();
if (failedNames.length > 0) console.log(`\nFailed tests:\n${failedNames.map((n) => `  ${n}`).join('\n')}`);
if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
// A failed step without a failed test (lint, typecheck, a crash) still counts as one failure.
const failures = Math.max(failed, failedSteps.length > 0 && failed === 0 ? 1 : failed);
console.log(`\n${passed} passed, ${failures} failed, ${skipped} skipped`);
process.exit(failedSteps.length > 0 ? 1 : 0);
