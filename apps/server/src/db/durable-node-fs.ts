import { closeSync, fsync, fsyncSync, openSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type Stream = { nfd?: number; node: { mode: number } };
type NodeFsType = {
  stream_ops: { fsync?: (stream: Stream) => number; close: (stream: Stream) => void };
  realPath: (node: Stream['node']) => string;
};

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
 * inside WebAssembly. Here it reaches the host file, or the directory.
 * `flushes` counts the host flushes, so a test can see commits flushed.
 *
 * Group commit (docs/faults.md, "Durable commits"): a flush of the WAL does
 * not block the process. It is noted, and `flushed()` (awaited before any
 * query's answer is handed to the server: group-commit-dialect.ts) flushes
 * every WAL file noted so far with one asynchronous fsync each, shared by all
 * the queries waiting, while the engine goes on with the next ones. Every
 * other flush (data files at a checkpoint, pg_control, directories) stays
 * synchronous and first flushes the WAL noted before it, so PostgreSQL's
 * order holds: nothing it wrote after a WAL flush reaches the disk before it.
 * A WAL file closed with a flush pending is flushed before it closes.
 */
export class DurableNodeFS extends NodeFS {
  flushes = 0;
  /** WAL flushes asked for so far, and how many of them are on disk. */
  private asked = 0;
  private done = 0;
  private readonly pending = new Set<number>();
  private readonly inFlight = new Set<number>();
  private flushing: Promise<void> | null = null;
  /** A WAL flush that failed: as PostgreSQL stops on one, no later commit is said to be on disk. */
  private failure: unknown = null;

  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]): ReturnType<NodeFS['init']> {
    const result = await super.init(pg, options);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod) => {
        // Emscripten's FS object (its typings are not installed): the NODEFS type's shared stream operations.
        const nodefs = (mod as unknown as { FS: { filesystems: { NODEFS: NodeFsType } } }).FS.filesystems.NODEFS;
        const close = nodefs.stream_ops.close.bind(nodefs.stream_ops);
        nodefs.stream_ops.fsync = (stream) => {
          const path = nodefs.realPath(stream.node);
          if (stream.nfd !== undefined && path.includes('/pg_wal/')) {
            this.pending.add(stream.nfd);
            this.asked++;
            return 0;
          }
          this.flushWalNow();
          if (stream.nfd !== undefined) fsyncSync(stream.nfd);
          else if ((stream.node.mode & S_IFMT) === S_IFDIR) fsyncDirectory(path);
          this.flushes++;
          return 0;
        };
        nodefs.stream_ops.close = (stream) => {
          const fd = stream.nfd;
          if (fd !== undefined && (this.pending.has(fd) || this.inFlight.has(fd))) {
            fsyncSync(fd);
            this.pending.delete(fd);
            this.flushes++;
          }
          close(stream);
        };
      },
    ];
    return result;
  }

  /** Resolves once every WAL flush asked for until now is on disk. */
  async flushed(): Promise<void> {
    const target = this.asked;
    while (this.done < target) {
      if (this.failure) throw new Error('a flush to disk failed: commits since are not known to be on disk', { cause: this.failure });
      this.flushing ??= this.flushPending().finally(() => {
        this.flushing = null;
      });
      await this.flushing;
    }
  }

  private async flushPending(): Promise<void> {
    const upTo = this.asked;
    const fds = [...this.pending];
    this.pending.clear();
    for (const fd of fds) this.inFlight.add(fd);
    try {
      // EBADF: the file was closed meanwhile, and the close flushed it (above).
      await Promise.all(
        fds.map(
          (fd) =>
            new Promise<void>((resolve, reject) => fsync(fd, (error) => (error && error.code !== 'EBADF' ? reject(error) : resolve()))),
        ),
      );
      this.flushes += fds.length;
      this.done = Math.max(this.done, upTo);
    } catch (error) {
      this.failure = error;
      throw error;
    } finally {
      for (const fd of fds) this.inFlight.delete(fd);
    }
  }

  /** Before any other flush: the WAL noted so far, synchronously (those in flight too: their fsync may not have started). */
  private flushWalNow(): void {
    for (const fd of new Set([...this.pending, ...this.inFlight])) fsyncUnlessClosed(fd);
    if (this.pending.size > 0) this.flushes += this.pending.size;
    this.pending.clear();
    this.done = this.asked;
  }
}

/**
 * A WAL file whose asynchronous flush is in flight may be closed meanwhile (at
 * a segment switch): its close flushed it, so EBADF means there is nothing
 * left to flush. Throwing here would leave PostgreSQL inside WebAssembly with
 * its WAL write lock held, and the next commit would wait for it forever.
 */
function fsyncUnlessClosed(fd: number): void {
  try {
    fsyncSync(fd);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EBADF') throw error;
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
