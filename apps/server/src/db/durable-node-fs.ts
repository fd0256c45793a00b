import { closeSync, fsyncSync, openSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type Stream = { nfd?: number; node: { mode: number } };
type NodeFsType = { stream_ops: { fsync?: (stream: Stream) => number }; realPath: (node: Stream['node']) => string };

/** S_IFDIR in st_mode. */
const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;

/**
 * PGlite's start parameters with durable commits. Its default list carries
 * `-F` (fsync off), so a commit reached the operating system but was never
 * flushed, and a power cut could lose an acknowledged deposit. With fsync on,
 * the WAL must also be flushed with fsync(): PostgreSQL's default fdatasync()
 * is a no-op inside Emscripten (only fsync reaches a filesystem's own flush).
 */
export const DURABLE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

/**
 * PGlite's Node filesystem, with flushes that reach the disk. PostgreSQL asks
 * for them (fsync on: each commit's WAL, checkpoints, new files' directories),
 * but Emscripten's NODEFS has no fsync of its own, so the request stopped
 * inside WebAssembly. Here it becomes a real fsync(2) on the host file, or on
 * the directory. `flushes` counts them, so a test can see commits flushed.
 */
export class DurableNodeFS extends NodeFS {
  flushes = 0;

  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]): ReturnType<NodeFS['init']> {
    const result = await super.init(pg, options);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod) => {
        // Emscripten's FS object (its typings are not installed): the NODEFS type's shared stream operations.
        const nodefs = (mod as unknown as { FS: { filesystems: { NODEFS: NodeFsType } } }).FS.filesystems.NODEFS;
        nodefs.stream_ops.fsync = (stream) => {
          if (stream.nfd !== undefined) fsyncSync(stream.nfd);
          else if ((stream.node.mode & S_IFMT) === S_IFDIR) fsyncDirectory(nodefs.realPath(stream.node));
          this.flushes++;
          return 0;
        };
      },
    ];
    return result;
  }
}

function fsyncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
