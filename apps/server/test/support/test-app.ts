import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type App, type AppDeps } from '../../src/app.ts';
import type { Clock } from '../../src/clock.ts';
import type { Config } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/database.ts';
import { inject } from 'vitest';
import type { TestEngine } from './engines.ts';
import { adminQuery, databaseUrl } from './global-setup.ts';

export type TestApp = { app: App; database: Database; clock: TestClock; close: () => Promise<void> };

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private current: number;
  constructor(start = Date.parse('2026-11-21T05:00:00Z')) {
    this.current = start;
  }
  now = (): Date => new Date(this.current);
  advance = (ms: number): void => {
    this.current += ms;
  };
  private home: number | undefined;
  /** Sets the time (the demo history's MovableClock); `undefined` returns to where it was before the first move. */
  moveTo = (date: Date | undefined): void => {
    if (date) {
      this.home ??= this.current;
      this.current = date.getTime();
    } else if (this.home !== undefined) {
      this.current = this.home;
      this.home = undefined;
    }
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    host: '127.0.0.1',
    port: 0,
    databaseUrl: undefined,
    dataDir: path.join(tmpdir(), 'jetton-test-data'),
    redisUrl: undefined,
    logLevel: 'silent',
    webDist: path.join(tmpdir(), 'jetton-no-web-build'),
    adminDist: path.join(tmpdir(), 'jetton-no-admin-build'),
    sandbox: true,
    lao: false,
    publicOrigin: 'http://localhost:8080',
    sandboxBaseUrl: undefined,
    embeddedTemplate: undefined,
    // Tests play the proxy: they send X-Forwarded-For to act as distinct clients.
    trustProxy: true,
    metrics: { token: undefined, port: undefined, host: '127.0.0.1' },
    drainMs: 0,
    secrets: { tokenSecret: 'test-token-secret-test-token-secret-0123', truelinkSecret: 'test-truelink-secret' },
    storage: { kind: 'local' },
    ...overrides,
  };
}

/** A fresh, migrated and seeded database of the given engine, copied from the run's template. */
export async function openTestDatabase(engine: TestEngine): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (engine === 'embedded') {
    const dump = await readFile(inject('pgliteTemplate'));
    const database = await openDatabase({ kind: 'embedded', template: new Blob([dump]) });
    return { database, drop: () => Promise.resolve() };
  }
  const url = requireEnv('TEST_DATABASE_URL');
  const template = inject('postgresTemplate');
  if (!template) throw new Error('no PostgreSQL template: TEST_DATABASE_URL was not set at global setup');
  const name = `${template.replace('jetton_tpl_', 'jetton_t_')}_${randomUUID().slice(0, 8)}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(url, name), poolSize: 10 });
  return { database, drop: () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export async function startTestApp(
  engine: TestEngine,
  overrides: Partial<Config> = {},
  extra: Pick<AppDeps, 'authenticateChatAgent' | 'spinSeeds' | 'spinBonuses' | 'startJobs' | 'chatSessionSweepMs' | 'autoDepositPoller'> & {
    prepare?: (app: App) => Promise<void>;
  } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase(engine);
  const clock = new TestClock();
  const { prepare, ...deps } = extra;
  const poolStats = database.poolStats ? { poolStats: database.poolStats } : {};
  const app = await buildApp({
    config: testConfig(overrides),
    db: database.db,
    engine: database.engine,
    clock,
    logger: false,
    autoDepositPoller: false,
    ...poolStats,
    ...deps,
  });
  // Routes a test mounts itself (e.g. the agents' chat routes the back office will mount), before the app starts.
  await prepare?.(app);
  // A real port, so adapters reach the /sandbox simulators over HTTP as in production.
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    database,
    clock,
    async close() {
      await app.close();
      await database.db.destroy();
      await drop();
    },
  };
}

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through vitest (global setup)`);
  return value;
}
