import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isStorageKey, type ObjectStorage } from './object-storage.ts';

/**
 * Files under `<root>/<2 hex>/<key>`. The key is random hex made here, and
 * every method checks its shape before touching the disk, so no request can
 * reach outside `root` (no `..`, no separators, no user-chosen names). Files are
 * written owner-only and never overwritten (`wx`).
 */
export function createLocalDiskStorage(root: string): ObjectStorage {
  const fileOf = (key: string): string | undefined => (isStorageKey(key) ? path.join(root, key.slice(0, 2), key) : undefined);

  return {
    async put(bytes) {
      const key = randomBytes(16).toString('hex');
      const file = path.join(root, key.slice(0, 2), key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
      return key;
    },
    async get(key) {
      const file = fileOf(key);
      if (!file) return undefined;
      try {
        return await readFile(file);
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      if (file) await rm(file, { force: true });
    },
  };
}

/** Where uploads live by default: `${dataDir}/uploads`. */
export function defaultUploadsRoot(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}
