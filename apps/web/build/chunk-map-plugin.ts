import path from 'node:path';
import type { Plugin } from 'vite';
import { ROUTE_BUDGETS } from './route-budgets.ts';

/** One JavaScript chunk of the build: its file, what it loads first, its styles, and the source modules inside it. */
export type ChunkMapEntry = { file: string; isEntry: boolean; imports: string[]; css: string[]; modules: string[] };
/** What a route needs beyond the shell, for the server to announce in index.html. */
export type RoutePreloads = Record<string, { js: string[]; css: string[] }>;

export const CHUNK_MAP_FILE = '.vite/chunk-map.json';
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** Every chunk that must load before the given modules run: their chunks and those chunks' static imports. */
export function chunksOf(chunks: ChunkMapEntry[], modules: string[], startFiles: string[] = []): ChunkMapEntry[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const found = new Map<string, ChunkMapEntry>();
  const visit = (file: string): void => {
    const chunk = byFile.get(file);
    if (!chunk || found.has(file)) return;
    found.set(file, chunk);
    chunk.imports.forEach(visit);
  };
  startFiles.forEach(visit);
  for (const module of modules) {
    const holder = chunks.find((chunk) => chunk.modules.includes(module));
    if (!holder) throw new Error(`${module} is in no chunk of the build: moved or renamed? Update apps/web/build/route-budgets.ts`);
    visit(holder.file);
  }
  return [...found.values()];
}

/**
 * Writes two files beside Vite's own manifest:
 * - `.vite/chunk-map.json`: every module of every chunk. Vite's manifest names
 *   only modules that became a chunk's facade (a route's loader merged into a
 *   shared chunk has no entry there), so `npm run budget` reads this instead.
 * - `.vite/route-preloads.json`: for each route of route-budgets.ts, the
 *   chunks and styles it loads beyond the shell, plus the build's default
 *   language. The server lists them in that route's index.html
 *   (`modulepreload`), so a phone fetches them with the shell instead of one
 *   round trip after another as each module discovers the next.
 * Module paths are relative to apps/web.
 */
export function chunkMap(defaultLocaleModule: string): Plugin {
  let root = '';
  return {
    name: 'jetton-chunk-map',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: ChunkMapEntry[] = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk'
          ? [
              {
                file: item.fileName,
                isEntry: item.isEntry,
                imports: item.imports,
                css: [...(item.viteMetadata?.importedCss ?? [])],
                modules: item.moduleIds.map((id) => path.relative(root, id.split('?')[0] ?? id)),
              },
            ]
          : [],
      );
      const shell = new Set(
        chunksOf(
          chunks,
          [],
          chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.file),
        ).map((chunk) => chunk.file),
      );
      const preloads: RoutePreloads = {};
      for (const { route, modules } of ROUTE_BUDGETS) {
        const own = chunksOf(chunks, [defaultLocaleModule, ...modules]).filter((chunk) => !shell.has(chunk.file));
        preloads[route] = { js: own.map((chunk) => chunk.file), css: [...new Set(own.flatMap((chunk) => chunk.css))] };
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MAP_FILE, source: `${JSON.stringify(chunks, null, 1)}\n` });
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 1)}\n` });
    },
  };
}
