import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The sandbox cannot open a real site (docs/security.md, "The sandbox in production"). */
describe('the sandbox in production', () => {
  const dataDir = (): string => mkdtempSync(path.join(tmpdir(), 'jetton-prod-'));

  it('refuses to load a production configuration with the sandbox on, in one line, before writing anything', () => {
    const dir = dataDir();
    for (const env of [
      { NODE_ENV: 'production' },
      { NODE_ENV: 'production', SANDBOX: 'on' },
      { NODE_ENV: 'production', SANDBOX_IN_PRODUCTION: '0' },
    ]) {
      expect(() => loadConfig({ ...env, DATA_DIR: dir })).toThrow(ConfigError);
    }
    try {
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dir });
    } catch (error) {
      expect((error as Error).message).toMatch(/^Refusing to start: NODE_ENV=production with SANDBOX=on .*SANDBOX_IN_PRODUCTION=1/);
      expect((error as Error).message).not.toContain('\n');
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('starts with the second switch, with the sandbox off, and in development as before', () => {
    expect(loadConfig({ NODE_ENV: 'production', SANDBOX: 'on', SANDBOX_IN_PRODUCTION: '1', DATA_DIR: dataDir() }).sandbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SANDBOX: 'off', DATA_DIR: dataDir() }).sandbox).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ env: 'development', sandbox: true });
  });

  it('`NODE_ENV=production SANDBOX=on npm start` exits 1 with the one-line reason', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'scripts/start.ts')], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', SANDBOX: 'on', DATA_DIR: dataDir() },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^Refusing to start: NODE_ENV=production with SANDBOX=on/);
    expect(result.stdout).toBe('');
  });
});
