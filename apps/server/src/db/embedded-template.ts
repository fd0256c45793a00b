import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readTar } from './tar.ts';

/**
 * Writes a prepared data directory (PGlite's `dumpDataDir` tar, as
 * scripts/prepare-db-template.ts makes it) into an empty `dataDir` before the
 * embedded engine opens it. Handing the tar to PGlite instead (`loadDataDir`)
 * works too, but the node then kept the archive's 40 MB and about 50 MB more
 * that PGlite touched unpacking it, for as long as it ran: 250 MiB resident
 * right after the first start against 160 MiB for the same folder opened again
 * (docs/performance.md, "Server memory"). Answers false, writing nothing, when
 * the folder already holds a database.
 */
export async function unpackTemplate(template: Blob, dataDir: string): Promise<boolean> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return false;
  const root = path.resolve(dataDir);
  await mkdir(root, { recursive: true });
  for await (const entry of readTar(template.stream())) {
    const target = path.resolve(root, `.${path.posix.sep}${entry.name.replace(/^\/+/, '')}`);
    if (target !== root && !target.startsWith(root + path.sep))
      throw new Error(`the template names a file outside its folder: ${entry.name}`);
    if (entry.type === 'dir') {
      await mkdir(target, { recursive: true });
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, entry.data);
    await chmod(target, entry.mode & 0o777);
  }
  return true;
}
