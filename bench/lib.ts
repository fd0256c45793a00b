import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const benchDir = path.dirname(fileURLToPath(import.meta.url));

export type LoadResult = { requestsPerSecond: number; p50Ms: number; p99Ms: number; non2xx: number; errors: number };

/**
 * Starts a bench child process (with an IPC channel) and waits for its
 * `READY <fields...>` line; `ports` are the numeric fields, `fields` all of them.
 */
export async function startChild(
  script: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; ports: number[]; fields: string[] }> {
  const child = spawn(process.execPath, [path.join(benchDir, script)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const fields = await new Promise<string[]>((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /READY ([^\n]+)\n/.exec(buffer);
      if (match?.[1]) resolve(match[1].trim().split(' '));
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code ?? 'signal'}`)));
  });
  return { child, fields, ports: fields.filter((f) => /^\d+$/.test(f)).map(Number) };
}

/** Asks a child for something on its IPC channel and waits for the answer. */
export function ask<T>(child: ChildProcess, message: unknown): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as T));
    child.send(message as object);
  });
}

/** Stops a child and waits until it has cleaned up (databases dropped). */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon(options);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export function saveResult(name: string, data: unknown): void {
  const dir = path.join(benchDir, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(data, null, 2)}\n`);
}
