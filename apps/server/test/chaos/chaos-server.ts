import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/main.ts');

export type ServerEnv = {
  port: number;
  /** '' for the embedded engine (in dataDir). */
  databaseUrl: string;
  dataDir: string;
  tokenSecret: string;
  logFile: string;
  /** More of the environment (the cluster's nodes: deploy/jetton.env and their own settings). */
  extra?: Record<string, string>;
};

/**
 * The real server as a child process (`node apps/server/src/main.ts` on the
 * pinned Node), so the fault run can SIGKILL it as an OOM killer or a deploy
 * would, and start it again on the same port and database.
 */
export function createServerProcess(env: ServerEnv) {
  let child: ChildProcess | undefined;
  let log: WriteStream | undefined;
  /** Exits not asked for (a crash): the run fails if there is any. */
  const unexpectedExits: string[] = [];
  const origin = `http://127.0.0.1:${env.port}`;

  async function health(timeoutMs = 1_000): Promise<number> {
    try {
      const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(timeoutMs) });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }

  /** Milliseconds until /api/health answers 200, polling every 50 ms; Infinity past `limitMs` or once `alive()` says no. */
  async function untilHealthy(limitMs: number, alive: () => boolean = () => true): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < limitMs && alive()) {
      if ((await health(Math.max(100, limitMs - (Date.now() - started)))) === 200) return Date.now() - started;
      await sleep(50);
    }
    return Number.POSITIVE_INFINITY;
  }

  /** Starts that died before the server was up (then it was started again). */
  const failedStarts: string[] = [];
  /** Children that were up (health 200) once: an exit before that is a failed start, not a crash. */
  const up = new WeakSet<ChildProcess>();
  const healthySince = (c: ChildProcess) => up.has(c);

  function spawnServer(out: WriteStream, more: Record<string, string>): { child: ChildProcess; banner: Promise<void> } {
    const inherited = { ...process.env };
    // No database URL: the embedded engine in DATA_DIR.
    delete inherited.DATABASE_URL;
    const current = spawn(process.execPath, [MAIN], {
      env: {
        ...inherited,
        PORT: String(env.port),
        HOST: '127.0.0.1',
        ...(env.databaseUrl ? { DATABASE_URL: env.databaseUrl } : {}),
        DATA_DIR: env.dataDir,
        TOKEN_SECRET: env.tokenSecret,
        SANDBOX: 'on',
        LOG_LEVEL: 'warn',
        // Compiled code cached by the first start: a restart loads in a fraction of the time (docs/faults.md).
        NODE_COMPILE_CACHE: path.join(env.dataDir, 'compile-cache'),
        ...env.extra,
        ...more,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    current.stdout?.pipe(out, { end: false });
    current.stderr?.pipe(out, { end: false });
    // The banner comes once start-up is complete (the demo member's history seeded on a first start).
    const banner = new Promise<void>((resolve) => {
      let seen = '';
      current.stdout?.on('data', (chunk: Buffer) => {
        seen = (seen + chunk.toString()).slice(-4_096);
        if (seen.includes('Jetton is running')) resolve();
      });
    });
    child = current;
    current.once('exit', (code, signal) => {
      if (child === current && healthySince(current)) unexpectedExits.push(`exit ${code ?? ''} ${signal ?? ''}`.trim());
    });
    return { child: current, banner };
  }

  return {
    origin,
    unexpectedExits,
    failedStarts,
    health,
    untilHealthy,

    /**
     * Starts the server and answers how long until its health answered 200
     * (ms); returns once start-up is complete. A start that dies on the way
     * (its database connection cut mid-migration, say) is started again, as
     * an orchestrator would: counted in `failedStarts` (unless `retry` is
     * false: then it throws). `env` adds to the environment of this start.
     */
    async start(limitMs = 60_000, options: { env?: Record<string, string>; retry?: boolean } = {}): Promise<number> {
      log ??= createWriteStream(env.logFile, { flags: 'a' });
      const started = Date.now();
      for (;;) {
        const current = spawnServer(log, options.env ?? {});
        const exited = new Promise<'exited'>((resolve) => current.child.once('exit', () => resolve('exited')));
        const alive = () => current.child.exitCode === null && current.child.signalCode === null;
        const ready = await Promise.race([untilHealthy(limitMs - (Date.now() - started), alive), exited]);
        if (ready === 'exited') {
          failedStarts.push(`exit ${current.child.exitCode ?? ''} ${current.child.signalCode ?? ''}`.trim());
          if (options.retry !== false && Date.now() - started < limitMs) continue;
        }
        if (ready === 'exited') throw new Error(`the server exited during start-up (log: ${env.logFile})`);
        if (!Number.isFinite(ready)) throw new Error(`the server did not become healthy within ${limitMs} ms (log: ${env.logFile})`);
        up.add(current.child);
        const healthyAfter = Date.now() - started;
        await Promise.race([current.banner, sleep(limitMs)]);
        return healthyAfter;
      }
    },

    /** Resolves once the running server has exited (it may kill itself: the crash test's hook); false after `limitMs`. */
    async exited(limitMs: number): Promise<boolean> {
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return true;
      const gone = new Promise<boolean>((resolve) => current.once('exit', () => resolve(true)));
      return Promise.race([gone, sleep(limitMs).then(() => false)]);
    },

    /** SIGKILL: no shutdown hook runs, requests in flight are cut, as an OOM kill does. */
    async kill(): Promise<void> {
      const current = child;
      child = undefined;
      if (!current || current.exitCode !== null) return;
      const exited = new Promise((resolve) => current.once('exit', resolve));
      current.kill('SIGKILL');
      await exited;
    },

    /** SIGTERM and wait: the graceful stop at the end of the run. */
    async stop(): Promise<void> {
      const current = child;
      child = undefined;
      if (!current || current.exitCode !== null) return;
      const exited = new Promise((resolve) => current.once('exit', resolve));
      current.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (current.exitCode === null) current.kill('SIGKILL');
      log?.end();
      log = undefined;
    },
  };
}

export type ServerProcess = ReturnType<typeof createServerProcess>;
