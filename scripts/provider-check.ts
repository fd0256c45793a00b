/**
 * `npm run provider-check -- <name>`: runs the game-provider conformance suite
 * (apps/server/test/provider-kit, docs/game-providers.md) against one provider's adapter and its
 * simulator, as registered in test/provider-kit/registry.ts. Exits with the suite's status.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const name = process.argv[2];
if (!name || !/^[a-z0-9-]+$/.test(name)) {
  process.stderr.write('usage: npm run provider-check -- <provider name> (for example: demo)\n');
  process.exit(2);
}
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server', 'test/provider-kit/provider-conformance.test.ts'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, PROVIDER_CHECK: name } },
);
process.exit(result.status ?? 1);
