import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const sources = [path.join(webDir, 'src'), path.join(webDir, 'index.html'), path.join(webDir, 'public'), path.join(webDir, 'vite.config.ts'), path.join(webDir, 'build'), path.join(root, 'packages/contract/src')];

export type WebVariant = 'default' | 'lao';

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

/** Builds a web variant when its build is missing or older than its sources. */
export function ensureWebBuild(variant: WebVariant): void {
  const outDir = path.join(webDir, variant === 'lao' ? 'dist-lao' : 'dist');
  const index = path.join(outDir, 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (builtAt > Math.max(...sources.map(newestMtime))) return;
  console.log(`Building the ${variant} web app...`);
  const script = variant === 'lao' ? 'build:lao' : 'build';
  const result = spawnSync('npm', ['run', script, '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`web build (${variant}) failed`);
}
