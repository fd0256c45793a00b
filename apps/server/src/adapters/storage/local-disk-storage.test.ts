import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage.ts';
import type { ObjectStorage } from './object-storage.ts';

describe('local disk storage', () => {
  let root: string;
  let storage: ObjectStorage;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'jetton-storage-'));
    storage = createLocalDiskStorage(path.join(root, 'uploads'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('stores bytes under a fresh random key and reads them back', async () => {
    const a = await storage.put(Buffer.from('first'));
    const b = await storage.put(Buffer.from('second'));
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
    expect((await storage.get(a))?.toString()).toBe('first');
    expect((await storage.get(b))?.toString()).toBe('second');
  });

  it('answers undefined for unknown keys and for anything that is not a key it could have made', async () => {
    expect(await storage.get('0'.repeat(32))).toBeUndefined();
    for (const hostile of ['../../etc/passwd', '..', '/etc/passwd', 'AB'.repeat(16), `${'a'.repeat(31)}/`, '']) {
      expect(await storage.get(hostile)).toBeUndefined();
      await storage.delete(hostile);
    }
    expect(await readdir(root)).toEqual(['uploads']);
  });

  it('deletes an object; deleting again is harmless', async () => {
    const key = await storage.put(Buffer.from('gone soon'));
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
  });
});
