/**
 * postinstall: makes a freshly initialized, empty embedded PostgreSQL data
 * directory once, so the first `npm start` unpacks it (~0.5 s) instead of
 * running initdb (~3.5 s). Keyed by the PGlite version; harmless to skip.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The installed PGlite version (its package.json is not exported, so it is found on disk). */
function pgliteVersion(): string {
  const entry = createRequire(path.join(root, 'apps/server/package.json')).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!existsSync(path.join(dir, 'package.json')) || !dir.endsWith(path.join('@electric-sql', 'pglite'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

export function templatePath(): string {
  const version = pgliteVersion();
  return path.join(root, 'node_modules/.cache/jetton', `pglite-${version}-initdb.tar`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = templatePath();
  if (!existsSync(file)) {
    const db = await PGlite.create();
    const dump = await db.dumpDataDir('none');
    await db.close();
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    console.log(`Prepared the embedded database template (${path.relative(root, file)})`);
  }
}
