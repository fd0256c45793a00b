import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import path from 'node:path';

/**
 * The embedded engine lives inside the server's process, and PGlite cannot share its data folder
 * with a second process. So a backup of a running embedded server is asked of the server itself,
 * over a Unix socket in DATA_DIR (readable by whoever can read the data anyway; mode 0600).
 * docs/operations.md, "Backups".
 *
 * The answer: 8 bytes of length, then that many bytes of the dump (a gzipped tar of the data
 * folder); a length of 0 is followed by the error's text. A short read is a failed backup, never a
 * short file.
 */
export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, 'backup.sock');
}

export async function serveEmbeddedBackups(options: {
  dataDir: string;
  dump: () => Promise<Blob>;
  onError: (error: unknown) => void;
}): Promise<{ close: () => Promise<void> }> {
  const file = backupSocketPath(options.dataDir);
  // A socket left by a killed server: nothing listens on it any more (this node is the data folder's only user).
  rmSync(file, { force: true });
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    options.dump().then(
      async (blob) => {
        const header = Buffer.alloc(8);
        header.writeBigUInt64BE(BigInt(blob.size));
        socket.write(header);
        socket.end(Buffer.from(await blob.arrayBuffer()));
      },
      (error: unknown) => {
        options.onError(error);
        const header = Buffer.alloc(8);
        socket.end(Buffer.concat([header, Buffer.from(error instanceof Error ? error.message : String(error))]));
      },
    );
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
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let connected = false;
    const socket = connect(backupSocketPath(dataDir));
    socket.on('connect', () => (connected = true));
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
      if (size === 0) return reject(new Error(`the server could not make the backup: ${body.toString()}`));
      if (body.length !== size) return reject(new Error(`the backup was cut short: ${body.length} of ${size} bytes`));
      resolve(body);
    });
  });
}
