import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Node's flags of `npm start`, read from the root package.json's start script,
 * so the memory bench and the browser tests run the server exactly as a
 * newcomer's `npm start` does. They bound V8's heap (docs/performance.md,
 * "Server memory"): without a limit V8 lets garbage pile up to hundreds of MiB
 * before collecting it, on a machine with memory to spare.
 */
export function startNodeFlags(): string[] {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return manifest.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}
