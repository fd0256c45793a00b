/**
 * The tar (ustar) archives backups are made of: the embedded engine's data folder and the uploads
 * beside a database backup (docs/operations.md, "Backups"). Plain ustar, so `tar -tf` lists them
 * and PGlite loads a data folder from one. Written and read here, streaming, because a reader must
 * tell a damaged or cut archive from a good one before anything is restored: every header's
 * checksum is checked, every entry must be whole, and the two zero blocks that end an archive must
 * be there.
 */
const BLOCK = 512;

export type TarEntryHead = { name: string; type: 'file' | 'dir'; size: number; mode: number; mtime: Date };
export type TarEntry = TarEntryHead & { data: Buffer };

/** The archive is not a whole, undamaged tar: the message says how, in one line. */
export class TarError extends Error {
  override name = 'TarError';
}

export function tarHeader(entry: TarEntryHead): Buffer {
  const name = Buffer.from(entry.name, 'utf8');
  if (name.length > 100) throw new TarError(`name too long for a tar header: ${entry.name}`);
  const header = Buffer.alloc(BLOCK);
  name.copy(header, 0);
  octal(header, 100, 8, entry.mode & 0o7777);
  octal(header, 108, 8, 0);
  octal(header, 116, 8, 0);
  octal(header, 124, 12, entry.type === 'file' ? entry.size : 0);
  octal(header, 136, 12, Math.floor(entry.mtime.getTime() / 1000));
  header.write(entry.type === 'file' ? '0' : '5', 156, 'latin1');
  header.write('ustar\u000000', 257, 'latin1');
  header.fill(0x20, 148, 156);
  octal(header, 148, 7, checksum(header));
  header[155] = 0x20;
  return header;
}

/** Header, data and padding of one entry. */
export function tarEntry(entry: TarEntryHead, data: Uint8Array): Buffer[] {
  const padding = (BLOCK - (data.length % BLOCK)) % BLOCK;
  return [tarHeader({ ...entry, size: data.length }), Buffer.from(data.buffer, data.byteOffset, data.length), Buffer.alloc(padding)];
}

/** The two zero blocks that end an archive: their absence is how a cut archive is told. */
export const TAR_END = Buffer.alloc(BLOCK * 2);

/**
 * The entries of an archive, each with its data, read from a stream of chunks. Throws TarError for
 * a header whose checksum is wrong, an entry cut short, or an archive without its end.
 */
export async function* readTar(chunks: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ChunkReader(Symbol.asyncIterator in chunks ? chunks[Symbol.asyncIterator]() : toAsync(chunks));
  for (;;) {
    const header = await reader.take(BLOCK);
    if (!header) throw new TarError('cut short: the archive ends without its end marker');
    if (header.every((b) => b === 0)) {
      const second = await reader.take(BLOCK);
      if (!second?.every((b) => b === 0)) throw new TarError('cut short: the end marker is incomplete');
      return;
    }
    const stored = parseOctal(header, 148, 8);
    if (stored === undefined || stored !== checksum(header)) throw new TarError('damaged: a header checksum does not match');
    const size = parseOctal(header, 124, 12) ?? -1;
    if (size < 0) throw new TarError('damaged: a header has no valid size');
    const flag = String.fromCharCode(header[156] ?? 0);
    const type = flag === '5' ? 'dir' : flag === '0' || flag === '\u0000' ? 'file' : undefined;
    if (!type) throw new TarError(`unsupported entry type ${JSON.stringify(flag)}`);
    const nameEnd = header.indexOf(0, 0);
    const name = header.subarray(0, nameEnd >= 0 && nameEnd < 100 ? nameEnd : 100).toString('utf8');
    const data = size > 0 ? await reader.take(size) : Buffer.alloc(0);
    if (!data) throw new TarError(`cut short: ${name} is incomplete`);
    if (size % BLOCK && !(await reader.take(BLOCK - (size % BLOCK)))) throw new TarError(`cut short after ${name}`);
    yield { name, type, size, mode: parseOctal(header, 100, 8) ?? 0o644, mtime: new Date((parseOctal(header, 136, 12) ?? 0) * 1000), data };
  }
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
  return sum;
}

function octal(buffer: Buffer, offset: number, length: number, value: number): void {
  buffer.write(value.toString(8).padStart(length - 1, '0'), offset, length - 1, 'latin1');
  buffer[offset + length - 1] = 0;
}

function parseOctal(buffer: Buffer, offset: number, length: number): number | undefined {
  const field = buffer.subarray(offset, offset + length);
  const end = field.indexOf(0);
  const text = field
    .subarray(0, end < 0 ? length : end)
    .toString('latin1')
    .trim();
  return /^[0-7]+$/.test(text) ? parseInt(text, 8) : undefined;
}

function toAsync(chunks: Iterable<Buffer>): AsyncIterator<Buffer> {
  const iterator = chunks[Symbol.iterator]();
  return { next: () => Promise.resolve(iterator.next()) };
}

/** Exact-length reads from a stream of chunks of any size. */
class ChunkReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private readonly source: AsyncIterator<Buffer | Uint8Array>;
  constructor(source: AsyncIterator<Buffer | Uint8Array>) {
    this.source = source;
  }

  /** `size` bytes, or undefined when the stream ends first. */
  async take(size: number): Promise<Buffer | undefined> {
    while (this.length < size) {
      const next = await this.source.next();
      if (next.done) return undefined;
      const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
      this.buffered.push(chunk);
      this.length += chunk.length;
    }
    const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered, this.length);
    const out = all.subarray(0, size);
    const rest = all.subarray(size);
    this.buffered = rest.length ? [rest] : [];
    this.length = rest.length;
    return out;
  }
}
