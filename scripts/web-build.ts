import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const adminDir = path.join(root, 'apps/admin');
/** What both apps are built from besides their own folder: the contract and the shared UI package. */
const sharedSources = [path.join(root, 'packages/contract/src'), path.join(root, 'packages/ui/src'), path.join(root, 'packages/ui/build')];
const webSources = [
  path.join(webDir, 'src'),
  path.join(webDir, 'index.html'),
  path.join(webDir, 'public'),
  path.join(webDir, 'vite.config.ts'),
  path.join(webDir, 'build'),
  ...sharedSources,
];
const adminSources = [
  path.join(adminDir, 'src'),
  path.join(adminDir, 'index.html'),
  path.join(adminDir, 'public'),
  path.join(adminDir, 'vite.config.ts'),
  ...sharedSources,
];

/** `admin`: the back office (apps/admin, served under /admin), built beside whichever member variant runs. */
export type WebVariant = 'default' | 'lao' | 'admin';

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

const BUILDS: Record<WebVariant, { outDir: string; sources: string[]; args: string[] }> = {
  default: { outDir: path.join(webDir, 'dist'), sources: webSources, args: ['run', 'build', '-w', 'apps/web'] },
  lao: { outDir: path.join(webDir, 'dist-lao'), sources: webSources, args: ['run', 'build:lao', '-w', 'apps/web'] },
  admin: { outDir: path.join(adminDir, 'dist'), sources: adminSources, args: ['run', 'build', '-w', 'apps/admin'] },
};

/** Builds a web variant when its build is missing or older than its sources. */
export function ensureWebBuild(variant: WebVariant): void {
  const build = BUILDS[variant];
  const index = path.join(build.outDir, 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (builtAt > Math.max(...build.sources.map(newestMtime))) return;
  console.log(`Building the ${variant} web app...`);
  const result = spawnSync('npm', build.args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`web build (${variant}) failed`);
}
