import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isStorageKey, StorageConflict, type ObjectStorage } from './object-storage.ts';

/**
 * Files under `<root>/<2 hex>/<key>`. The key is random hex made here, and
 * every method checks its shape before touching the disk, so no request can
 * reach outside `root` (no `..`, no separators, no user-chosen names). Files are
 * written owner-only and never overwritten (`wx`). One node's disk: a cluster
 * uses the S3 store instead (docs/operations.md, "Uploads").
 */
export function createLocalDiskStorage(root: string): ObjectStorage {
  const fileOf = (key: string): string | undefined => (isStorageKey(key) ? path.join(root, key.slice(0, 2), key) : undefined);

  async function write(key: string, bytes: Uint8Array): Promise<void> {
    const file = path.join(root, key.slice(0, 2), key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
  }

  async function get(key: string): Promise<Buffer | undefined> {
    const file = fileOf(key);
    if (!file) return undefined;
    try {
      return await readFile(file);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  return {
    async put(bytes) {
      const key = randomBytes(16).toString('hex');
      await write(key, bytes);
      return key;
    },
    get,
    async read(key, range) {
      const file = fileOf(key);
      if (!file) return undefined;
      // Opened first, so a missing file is an answer (undefined) rather than a stream that fails later.
      const handle = await open(file, 'r').catch((error: unknown) => {
        if (isMissing(error)) return undefined;
        throw error;
      });
      if (!handle) return undefined;
      return createReadStream('', { fd: handle, ...(range ? { start: range.start, end: range.end } : {}) });
    },
    async delete(key) {
      const file = fileOf(key);
      if (file) await rm(file, { force: true });
    },
    async *keys() {
      const shards = await readdir(root).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      for (const shard of shards.filter((name) => /^[0-9a-f]{2}$/.test(name)).sort()) {
        for (const name of (await readdir(path.join(root, shard))).sort()) if (isStorageKey(name) && name.startsWith(shard)) yield name;
      }
    },
    async restore(key, bytes) {
      if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
      try {
        await write(key, bytes);
        return 'added';
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
        if (!(await get(key))?.equals(bytes)) throw new StorageConflict(key);
        return 'present';
      }
    },
  };
}

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'ENOENT';
}

/** Where uploads live by default: `${dataDir}/uploads`. */
export function defaultUploadsRoot(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}
