import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import path from 'node:path';

/**
 * The embedded engine lives inside the server's process, and PGlite cannot share its data folder
 * with a second process. So a backup of a running embedded server is asked of the server itself,
 * over a Unix socket in DATA_DIR (readable by whoever can read the data anyway; mode 0600).
 * docs/operations.md, "Backups".
 *
 * The same socket answers `npm run ledger:check` while the server runs (the folder has one user).
 *
 * A request is one line naming the command (`backup`, `ledger-check`). The answer: 8 bytes of
 * length, then that many bytes (the dump: a gzipped tar of the data folder; the check: JSON); a
 * length of 0 is followed by the error's text. A short read is a failed backup, never a short file.
 */
export type SocketCommand = 'backup' | 'ledger-check';
export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, 'backup.sock');
}

export async function serveEmbeddedBackups(options: {
  dataDir: string;
  dump: () => Promise<Buffer>;
  /** The ledger's invariants, as JSON (ledger-check.ts). */
  ledgerCheck?: () => Promise<Buffer>;
  onError: (error: unknown) => void;
}): Promise<{ close: () => Promise<void> }> {
  const commands: Record<SocketCommand, (() => Promise<Buffer>) | undefined> = {
    backup: options.dump,
    'ledger-check': options.ledgerCheck,
  };
  const file = backupSocketPath(options.dataDir);
  // A socket left by a killed server: nothing listens on it any more (this node is the data folder's only user).
  rmSync(file, { force: true });
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    let line = '';
    const onData = (chunk: Buffer) => {
      line += chunk.toString('latin1');
      const end = line.indexOf('\n');
      if (end < 0 && line.length < 64) return;
      socket.off('data', onData);
      const command = commands[line.slice(0, end < 0 ? line.length : end) as SocketCommand];
      (command ? command() : Promise.reject(new Error('unknown command'))).then(
        (body) => {
          const header = Buffer.alloc(8);
          header.writeBigUInt64BE(BigInt(body.length));
          socket.write(header);
          socket.end(body);
        },
        (error: unknown) => {
          options.onError(error);
          const header = Buffer.alloc(8);
          socket.end(Buffer.concat([header, Buffer.from(error instanceof Error ? error.message : String(error))]));
        },
      );
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  chmodSync(file, 0o600);
  server.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(file, { force: true });
      }),
  };
}

/** The running server's dump, or 'no-server' when nothing listens on DATA_DIR's socket. */
export function requestEmbeddedBackup(dataDir: string): Promise<Buffer | 'no-server'> {
  return requestEmbedded(dataDir, 'backup');
}

/** A command's answer from the server running on DATA_DIR, or 'no-server' when none listens there. */
export function requestEmbedded(dataDir: string, command: SocketCommand): Promise<Buffer | 'no-server'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let connected = false;
    const socket = connect(backupSocketPath(dataDir));
    socket.on('connect', () => {
      connected = true;
      socket.write(`${command}\n`);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve('no-server');
      else reject(error);
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      if (all.length < 8) return reject(new Error('the server closed the backup connection before answering'));
      const size = Number(all.readBigUInt64BE(0));
      const body = all.subarray(8);
      if (size === 0) return reject(new Error(`the server could not answer ${command}: ${body.toString()}`));
      if (body.length !== size) return reject(new Error(`the answer to ${command} was cut short: ${body.length} of ${size} bytes`));
      resolve(body);
    });
  });
}
