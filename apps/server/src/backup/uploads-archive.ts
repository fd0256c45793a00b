import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { ObjectStorage } from '../adapters/storage/object-storage.ts';
import { UPLOAD_AREAS, type UploadArea, type UploadStorage } from '../adapters/storage/upload-storage.ts';
import { readTar, TAR_END, tarEntry, TarError } from '../db/tar.ts';

/**
 * The uploads beside a database backup (docs/operations.md, "Backups"): a tar of every object,
 * `slips/<key>` and `chat/<key>`, ended by `manifest.json` with the count, the bytes and a SHA-256
 * over every object's name and bytes. A restore reads it whole and checks all three before it puts
 * anything back, so a damaged or cut file restores nothing.
 */
const FORMAT = 'jetton-uploads/1';
const MANIFEST = 'manifest.json';
const OBJECT = /^(slips|chat)\/([0-9a-f]{32})$/;

type Manifest = { format: string; objects: number; bytes: number; sha256: string };
export type UploadsFigures = { objects: number; bytes: number };

/** Running figures over the objects, in archive order: what the manifest records. */
function tally() {
  const hash = createHash('sha256');
  const figures: UploadsFigures = { objects: 0, bytes: 0 };
  return {
    add(name: string, data: Uint8Array) {
      hash.update(`${name}\n`).update(data);
      figures.objects++;
      figures.bytes += data.length;
    },
    manifest: (): Manifest => ({ format: FORMAT, ...figures, sha256: hash.digest('hex') }),
  };
}

/** Writes every object of every area to `file` (already flushed when this resolves). */
export async function writeUploadsArchive(uploads: UploadStorage, file: string): Promise<UploadsFigures> {
  const handle = await open(file, 'w', 0o600);
  try {
    const sum = tally();
    const now = new Date();
    for (const area of UPLOAD_AREAS) {
      const store = uploads.area(area);
      for await (const key of store.keys()) {
        // Gone since it was listed (a slip whose row failed is deleted again): nothing refers to it.
        const data = await store.get(key);
        if (!data) continue;
        const name = `${area}/${key}`;
        for (const part of tarEntry({ name, type: 'file', size: data.length, mode: 0o600, mtime: now }, data)) await handle.write(part);
        sum.add(name, data);
      }
    }
    const manifest = sum.manifest();
    const body = Buffer.from(JSON.stringify(manifest));
    for (const part of tarEntry({ name: MANIFEST, type: 'file', size: body.length, mode: 0o600, mtime: now }, body))
      await handle.write(part);
    await handle.write(TAR_END);
    await handle.sync();
    return { objects: manifest.objects, bytes: manifest.bytes };
  } finally {
    await handle.close();
  }
}

/** Every object of the archive, after the whole archive was found complete and undamaged. */
async function* objectsOf(file: string): AsyncGenerator<{ area: UploadArea; key: string; data: Buffer }> {
  for await (const entry of readTar(createReadStream(file))) {
    const match = OBJECT.exec(entry.name);
    if (match) yield { area: match[1] as UploadArea, key: match[2] ?? '', data: entry.data };
  }
}

/** Reads the whole archive and checks it against its manifest; throws a TarError saying what is wrong. */
export async function checkUploadsArchive(file: string): Promise<UploadsFigures> {
  const sum = tally();
  let manifest: Manifest | undefined;
  for await (const entry of readTar(createReadStream(file))) {
    if (manifest) throw new TarError(`damaged: ${entry.name} after the manifest`);
    if (entry.name === MANIFEST) {
      manifest = parseManifest(entry.data);
      continue;
    }
    if (entry.type !== 'file' || !OBJECT.test(entry.name)) throw new TarError(`not an uploads archive: it holds ${entry.name}`);
    sum.add(entry.name, entry.data);
  }
  if (!manifest) throw new TarError('cut short: the manifest is missing');
  const found = sum.manifest();
  if (found.objects !== manifest.objects || found.bytes !== manifest.bytes || found.sha256 !== manifest.sha256)
    throw new TarError(
      `damaged: the objects (${found.objects}, ${found.bytes} bytes) do not match the manifest (${manifest.objects}, ${manifest.bytes} bytes)`,
    );
  return { objects: found.objects, bytes: found.bytes };
}

function parseManifest(data: Buffer): Manifest {
  try {
    const parsed = JSON.parse(data.toString('utf8')) as Partial<Manifest>;
    if (
      parsed.format === FORMAT &&
      typeof parsed.objects === 'number' &&
      typeof parsed.bytes === 'number' &&
      typeof parsed.sha256 === 'string'
    )
      return parsed as Manifest;
  } catch {
    // Reported below in the archive's words.
  }
  throw new TarError('damaged: the manifest cannot be read');
}

/**
 * Puts the archive's objects back (checkUploadsArchive first). Objects already there with the same
 * bytes are left; every object this added is told to `added`, so a failed restore can take it away.
 */
export async function restoreUploadsArchive(
  uploads: UploadStorage,
  file: string,
  added: (store: ObjectStorage, key: string) => void,
): Promise<{ added: number; present: number }> {
  const counts = { added: 0, present: 0 };
  for await (const object of objectsOf(file)) {
    const store = uploads.area(object.area);
    const outcome = await store.restore(object.key, object.data);
    counts[outcome]++;
    if (outcome === 'added') added(store, object.key);
  }
  return counts;
}
