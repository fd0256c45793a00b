import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { once } from 'node:events';
import { createGzip, gunzip } from 'node:zlib';
import { readTar, TAR_END, tarEntry, tarHeader, TarError } from './tar.ts';

/**
 * The embedded engine's data folder as a backup: a gzipped tar, the shape PGlite's own
 * `dumpDataDir` makes and its `loadDataDir` reads (docs/operations.md, "Backups").
 *
 * Why not `dumpDataDir` itself: it walks the folder, builds the tar and gzips it in one synchronous
 * pass on the server's only thread while holding the engine, so the site answered nothing for as
 * long (8 s for a 76 MB folder on a loaded 2-core machine). Here the files are read into memory with
 * asynchronous reads while the engine is held (after a CHECKPOINT, with no transaction open and
 * nothing else running, so they are one consistent instant), and the tar and gzip are made after it
 * is released, on the thread pool.
 */
export type DataFolderFile = { name: string; type: 'file' | 'dir'; mode: number; mtime: Date; data: Buffer };

/**
 * Every file and folder under `dir`, read asynchronously (the caller holds the engine meanwhile),
 * except `skip`'s.
 */
export async function readDataFolder(dir: string, skip: (name: string) => boolean = () => false): Promise<DataFolderFile[]> {
  const out: DataFolderFile[] = [];
  const walk = async (relative: string): Promise<void> => {
    const entries = await readdir(path.join(dir, relative), { withFileTypes: true });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (skip(name) || !(entry.isDirectory() || entry.isFile())) continue;
      const info = await stat(path.join(dir, name));
      out.push({ name, type: entry.isDirectory() ? 'dir' : 'file', mode: info.mode, mtime: info.mtime, data: Buffer.alloc(0) });
      if (entry.isDirectory()) await walk(name);
    }
  };
  await walk('');
  // Four reads at a time (the thread pool's size): the engine is held for as short a time as the disk allows.
  const files = out.filter((f) => f.type === 'file');
  let next = 0;
  const reader = async () => {
    for (let file = files[next++]; file; file = files[next++]) file.data = await readFile(path.join(dir, file.name));
  };
  await Promise.all([reader(), reader(), reader(), reader()]);
  return out;
}

/**
 * The WAL segments a copy taken right after a CHECKPOINT needs: from the one holding the redo point
 * to the one being written. The others are old segments kept for reuse (PostgreSQL renames them to
 * future names): 16 MB each of bytes recovery never reads, most of a small site's folder.
 */
export function walSegmentsOutside(range: { redo: string; current: string }): (name: string) => boolean {
  return (name) => {
    const match = /^pg_wal\/([0-9A-F]{24})$/.exec(name);
    return Boolean(match?.[1] && (match[1] < range.redo || match[1] > range.current));
  };
}

/**
 * The files as a gzipped tar. Piece by piece through a gzip stream, whose work runs on the thread
 * pool: no one large buffer is built on the event loop (copying 80 MB into one took a second).
 */
export async function packDataFolder(files: DataFolderFile[]): Promise<Buffer> {
  const zip = createGzip({ level: 6 });
  const out: Buffer[] = [];
  zip.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    zip.once('end', resolve);
    zip.once('error', reject);
  });
  const write = async (piece: Buffer) => {
    if (piece.length > 0 && !zip.write(piece)) await once(zip, 'drain');
  };
  for (const file of files) {
    if (file.type === 'dir') await write(tarHeader({ name: file.name, type: 'dir', size: 0, mode: file.mode, mtime: file.mtime }));
    else
      for (const piece of tarEntry(
        { name: file.name, type: 'file', size: file.data.length, mode: file.mode, mtime: file.mtime },
        file.data,
      ))
        await write(piece);
  }
  zip.end(TAR_END);
  await done;
  return Buffer.concat(out);
}

/**
 * Checks an embedded backup whole before anything is restored from it: the gzip stream complete
 * and its checksum right, the tar inside whole, and PG_VERSION in it. Answers the tar, which PGlite
 * loads as is; throws one line saying what is wrong.
 */
export async function unpackEmbeddedBackup(bytes: Buffer): Promise<Buffer> {
  const tar = await promisify(gunzip)(bytes).catch((error: unknown) => {
    const code = (error as { code?: unknown }).code;
    throw new TarError(
      code === 'Z_BUF_ERROR' || /unexpected end/i.test(String(error))
        ? 'cut short: the compressed data ends before its end'
        : `damaged: ${(error as Error).message}`,
    );
  });
  let sawVersion = false;
  for await (const entry of readTar([tar])) if (entry.name.replace(/^\/+/, '') === 'PG_VERSION') sawVersion = true;
  if (!sawVersion) throw new TarError('not a data folder: PG_VERSION is missing');
  return tar;
}
