import { spawn } from 'node:child_process';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { StorageConfig } from '../config.ts';

/** What the backup commands act on, read like the server reads it (config.ts, loadOperatorConfig). */
export type BackupTarget = { databaseUrl: string | undefined; dataDir: string; storage: StorageConfig };

/** Where the embedded engine keeps its files (main.ts opens the same). */
export const embeddedDir = (dataDir: string): string => path.join(dataDir, 'pglite');

/** The uploads' archive, written beside the database's backup FILE. */
export const uploadsFileOf = (file: string): string => `${file}.uploads.tar`;

/** A backup is on disk before it is called done. */
export async function flushFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Runs a PostgreSQL client tool; its failure is one line: the tool's first error, passwords hidden. */
export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-8_000)));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${command} not found: install the PostgreSQL client tools (Debian: postgresql-client)`)
          : error,
      ),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed: ${firstError(stderr)}`))));
  });
}

/** The line that says what went wrong, out of a tool's stderr. */
function firstError(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const line = lines.find((l) => /error:/i.test(l)) ?? lines[0] ?? 'no message';
  return redactAll(line);
}

export function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

const redactAll = (text: string): string => text.replace(/(postgres(?:ql)?:\/\/[^:/@\s]+:)[^@\s]+@/g, '$1***@');

/** Any error as the one line the commands print. */
export function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, '; ').trim();
}
