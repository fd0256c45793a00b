/**
 * `npm run budget` (also a step of `npm test`): builds the default web app
 * when needed, then measures the JavaScript each route downloads on a cold
 * visit, compressed as it is served (brotli, and gzip for browsers without
 * it), from the build's chunk map (Vite's bundle: which chunk holds each
 * module, and what each chunk imports): the shell's entry plus the chunks
 * holding the route's own modules (apps/web/build/route-budgets.ts) and every
 * chunk they import statically.
 * Prints a table and exits 1 when a route is over its budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CHUNK_MAP_FILE, chunksOf, type ChunkMapEntry } from '../apps/web/build/chunk-map-plugin.ts';
import { DEFAULT_LOCALE_MODULE, ROUTE_BUDGETS } from '../apps/web/build/route-budgets.ts';
import { ensureWebBuild } from './web-build.ts';

type Sizes = { raw: number; gzip: number; brotli: number };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const KIB = 1024;

/** The bytes a browser receives: the build's precompressed files when present, else compressed here the same way. */
function sizesOf(file: string): Sizes {
  const full = path.join(dist, file);
  const raw = readFileSync(full);
  const read = (suffix: string, make: () => Buffer): number =>
    existsSync(full + suffix) ? readFileSync(full + suffix).length : make().length;
  return {
    raw: raw.length,
    gzip: read('.gz', () => gzipSync(raw, { level: 9 })),
    brotli: read('.br', () => brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } })),
  };
}

function main(): number {
  ensureWebBuild('default');
  const mapPath = path.join(dist, CHUNK_MAP_FILE);
  const chunks = JSON.parse(readFileSync(mapPath, 'utf8')) as ChunkMapEntry[];
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error(`no entry chunk in ${mapPath}`);

  const kib = (bytes: number): string => (bytes / KIB).toFixed(1).padStart(7);
  console.log(`JavaScript per route, cold visit (KiB; budget on brotli; ${path.relative(root, dist)})`);
  console.log(`${'route'.padEnd(17)} files     raw    gzip  brotli  budget`);
  let over = 0;
  for (const budget of ROUTE_BUDGETS) {
    const files = new Set(chunksOf(chunks, [DEFAULT_LOCALE_MODULE, ...budget.modules], [entry.file]).map((chunk) => chunk.file));
    if (process.env.BUDGET_VERBOSE) for (const file of files) console.log(`    ${file} ${(sizesOf(file).brotli / KIB).toFixed(1)}`);
    const total = [...files]
      .map(sizesOf)
      .reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, brotli: sum.brotli + s.brotli }));
    const ok = total.brotli <= budget.maxBrotliKiB * KIB;
    if (!ok) over += 1;
    console.log(
      `${budget.route.padEnd(17)} ${String(files.size).padStart(5)} ${kib(total.raw)} ${kib(total.gzip)} ${kib(total.brotli)} ${kib(budget.maxBrotliKiB * KIB)}  ${ok ? 'ok' : 'OVER'}`,
    );
  }
  if (over > 0) console.log(`\n${over} route(s) over budget: see docs/performance.md for what each route may ship.`);
  return over === 0 ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main();
