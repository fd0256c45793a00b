import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** Where Debian's redis-server is; tests that need a Redis of their own skip without it. */
export const REDIS_SERVER = '/usr/bin/redis-server';
export const hasRedisServer = existsSync(REDIS_SERVER);

/** A port nothing listens on now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A redis-server of the test's own on loopback (no persistence), which the test may kill and start
 * again on the same port: the machine's shared Redis is never stopped.
 */
export async function startPrivateRedis(port?: number) {
  const chosen = port ?? (await freePort());
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    const started = spawn(REDIS_SERVER, ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      started.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      started.once('exit', (code) => reject(new Error(`redis-server exited (${code}) before it was ready: ${output.slice(-1000)}`)));
    });
  };
  const stop = async (signal: NodeJS.Signals = 'SIGKILL'): Promise<void> => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill(signal);
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${chosen}`, port: chosen, start, stop };
}
export type PrivateRedis = Awaited<ReturnType<typeof startPrivateRedis>>;
