import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageConflict, StorageUnavailable } from '../../src/adapters/storage/object-storage.ts';
import { createUploadStorage, type UploadStorage } from '../../src/adapters/storage/upload-storage.ts';
import type { StorageConfig } from '../../src/config.ts';
import { startS3TestServer, type S3TestServer } from '../support/s3-test-server.ts';

/**
 * The storage adapter's contract, run against both implementations: this node's disk and an
 * S3-compatible server (s3rver, installed by npm ci). Whatever a route does with uploads (a slip,
 * a chat photo, a video played by ranges, a backup walking every key) behaves the same on both.
 */
async function collect(stream: Readable | undefined): Promise<Buffer | undefined> {
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function all(keys: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const key of keys) out.push(key);
  return out.sort();
}

let root: string;
let s3: S3TestServer;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'jetton-storage-contract-'));
  s3 = await startS3TestServer({ dir: path.join(root, 's3') });
});
afterAll(async () => {
  await s3.close();
  await rm(root, { recursive: true, force: true });
});

const kinds = ['local disk', 'S3'] as const;

describe.each(kinds)('uploads on %s', (kind) => {
  let uploads: UploadStorage;
  beforeAll(async () => {
    const storage: StorageConfig = kind === 'S3' ? await s3.bucket() : { kind: 'local' };
    uploads = createUploadStorage({ storage, dataDir: await mkdtemp(path.join(root, 'data-')) });
    await uploads.check();
  });
  afterAll(() => uploads.close());

  it('stores bytes under a fresh random key and reads them back whole', async () => {
    const slips = uploads.area('slips');
    const a = await slips.put(Buffer.from('first'));
    const b = await slips.put(Buffer.from('second'));
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
    expect((await slips.get(a))?.toString()).toBe('first');
    expect((await slips.get(b))?.toString()).toBe('second');
    expect((await collect(await slips.read(a)))?.toString()).toBe('first');
  });

  it('reads byte ranges of a large object without the rest', async () => {
    const chat = uploads.area('chat');
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const key = await chat.put(bytes);
    expect((await chat.get(key))?.equals(bytes)).toBe(true);
    const middle = { start: 1_000_000, end: 1_999_999 };
    expect((await collect(await chat.read(key, middle)))?.equals(bytes.subarray(middle.start, middle.end + 1))).toBe(true);
    const tail = { start: bytes.length - 10, end: bytes.length - 1 };
    expect((await collect(await chat.read(key, tail)))?.equals(bytes.subarray(tail.start))).toBe(true);
    // Safari's first request for a video.
    expect((await collect(await chat.read(key, { start: 0, end: 1 })))?.equals(bytes.subarray(0, 2))).toBe(true);
  });

  it('answers undefined for unknown keys and for anything that is not a key it could have made', async () => {
    const slips = uploads.area('slips');
    expect(await slips.get('0'.repeat(32))).toBeUndefined();
    expect(await slips.read('0'.repeat(32))).toBeUndefined();
    for (const hostile of ['../../etc/passwd', '..', '/etc/passwd', 'AB'.repeat(16), `${'a'.repeat(31)}/`, '', '../chat/x']) {
      expect(await slips.get(hostile)).toBeUndefined();
      expect(await slips.read(hostile)).toBeUndefined();
      await slips.delete(hostile);
      await expect(slips.restore(hostile, Buffer.from('x'))).rejects.toThrow(/not a storage key/);
    }
  });

  it('deletes an object; deleting again is harmless', async () => {
    const slips = uploads.area('slips');
    const key = await slips.put(Buffer.from('gone soon'));
    await slips.delete(key);
    await slips.delete(key);
    expect(await slips.get(key)).toBeUndefined();
    expect(await slips.read(key)).toBeUndefined();
  });

  it('lists every key of an area, and only that area', async () => {
    const fresh = createUploadStorage({
      storage: kind === 'S3' ? await s3.bucket() : { kind: 'local' },
      dataDir: await mkdtemp(path.join(root, 'list-')),
    });
    try {
      expect(await all(fresh.area('slips').keys())).toEqual([]);
      const slips = await Promise.all([1, 2, 3].map((n) => fresh.area('slips').put(Buffer.from(`slip ${n}`))));
      const chat = await Promise.all([1, 2].map((n) => fresh.area('chat').put(Buffer.from(`photo ${n}`))));
      expect(await all(fresh.area('slips').keys())).toEqual(slips.sort());
      expect(await all(fresh.area('chat').keys())).toEqual(chat.sort());
    } finally {
      fresh.close();
    }
  });

  it('restores an object under its own key: added, then present; never over other bytes', async () => {
    const chat = uploads.area('chat');
    const key = randomBytes(16).toString('hex');
    expect(await chat.restore(key, Buffer.from('from the backup'))).toBe('added');
    expect(await chat.restore(key, Buffer.from('from the backup'))).toBe('present');
    await expect(chat.restore(key, Buffer.from('something else'))).rejects.toBeInstanceOf(StorageConflict);
    expect((await chat.get(key))?.toString()).toBe('from the backup');
  });
});

describe('an S3 store that does not answer', () => {
  it('fails with StorageUnavailable (a 503 to a member), and names no secret', async () => {
    const good = await s3.bucket();
    const secret = good.credentials?.secretAccessKey ?? '';
    for (const storage of [
      { ...good, bucket: 'no-such-bucket' },
      { ...good, endpoint: 'http://127.0.0.1:9' },
    ]) {
      const uploads = createUploadStorage({ storage, dataDir: root });
      try {
        const error: unknown = await uploads
          .area('slips')
          .put(Buffer.from('x'))
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(StorageUnavailable);
        expect(String((error as Error).message)).not.toContain(secret);
        await expect(uploads.check()).rejects.toThrow();
      } finally {
        uploads.close();
      }
    }
  }, 60_000);
});
