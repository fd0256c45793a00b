/**
 * `npm run howto:record`: builds the member site when needed, then records the
 * how-to page's tutorials from the product itself (e2e/howto/): five videos in
 * th, la and en, written to apps/web/public/howto/. Needs ffmpeg. Extra
 * arguments go to Playwright, e.g. `npm run howto:record -- -g "wallet in th"`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureWebBuild('default');
const result = spawnSync(
  path.join(root, 'node_modules/.bin/playwright'),
  ['test', '-c', 'e2e/howto/playwright.config.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
