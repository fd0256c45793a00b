import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/main.ts');

export type ServerEnv = {
  port: number;
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

  return {
    origin,
    unexpectedExits,
    health,
    untilHealthy,

    /** Starts the server and answers how long until its health answered 200 (ms); returns once start-up is complete. */
    async start(limitMs = 60_000): Promise<number> {
      log ??= createWriteStream(env.logFile, { flags: 'a' });
      const started = Date.now();
      const current = spawn(process.execPath, [MAIN], {
        env: {
          ...process.env,
          PORT: String(env.port),
          HOST: '127.0.0.1',
          DATABASE_URL: env.databaseUrl,
          DATA_DIR: env.dataDir,
          TOKEN_SECRET: env.tokenSecret,
          SANDBOX: 'on',
          LOG_LEVEL: 'warn',
          // Compiled code cached by the first start: a restart loads in a fraction of the time (docs/faults.md).
          NODE_COMPILE_CACHE: path.join(env.dataDir, 'compile-cache'),
          ...env.extra,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      current.stdout?.pipe(log, { end: false });
      current.stderr?.pipe(log, { end: false });
      // The banner comes once start-up is complete (the demo member's history seeded on a first start).
      const banner = new Promise<void>((resolve) => {
        let seen = '';
        current.stdout?.on('data', (chunk: Buffer) => {
          seen = (seen + chunk.toString()).slice(-4_096);
          if (seen.includes('Jetton is running')) resolve();
        });
      });
      current.once('exit', (code, signal) => {
        if (child === current) unexpectedExits.push(`exit ${code ?? ''} ${signal ?? ''}`.trim());
      });
      child = current;
      // A node that exits during start-up (a crash) fails at once instead of after `limitMs`.
      const ready = await untilHealthy(limitMs, () => current.exitCode === null && current.signalCode === null);
      if (!Number.isFinite(ready)) {
        const how = current.exitCode === null && current.signalCode === null ? `did not become healthy within ${limitMs} ms` : 'exited';
        throw new Error(`the server ${how} (log: ${env.logFile})`);
      }
      const healthyAfter = Date.now() - started;
      await Promise.race([banner, sleep(limitMs)]);
      return healthyAfter;
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
