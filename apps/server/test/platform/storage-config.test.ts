import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadOperatorConfig } from '../../src/config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Where uploads go, and a cluster that would keep them on one node's disk (docs/operations.md, "Uploads"). */
describe('upload storage configuration', () => {
  const dataDir = (): string => mkdtempSync(path.join(tmpdir(), 'jetton-storage-config-'));
  const PG = 'postgres://jetton@127.0.0.1:5432/jetton';
  const REDIS = 'redis://127.0.0.1:6379/0';
  const S3 = {
    S3_BUCKET: 'jetton-uploads',
    S3_ENDPOINT: 'https://objects.example',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'very-secret-key-do-not-print',
  };

  it('a node that is one of several refuses local disk, in one line, before writing anything', () => {
    for (const env of [
      { DATABASE_URL: PG, REDIS_URL: REDIS },
      { DATABASE_URL: PG, SINGLE_NODE: '0' },
      { DATABASE_URL: PG, REDIS_URL: REDIS, SINGLE_NODE: '0' },
    ]) {
      const dir = dataDir();
      const error: unknown = (() => {
        try {
          loadConfig({ ...env, DATA_DIR: dir });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/^Refusing to start: uploads would stay on this node's disk .*S3_BUCKET.*SINGLE_NODE=1/);
      expect((error as Error).message).not.toContain('\n');
      expect(readdirSync(dir)).toEqual([]);
    }
  });

  it('starts on local disk as one node (the default, SINGLE_NODE=1, or the embedded engine) and on S3 in a cluster', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).storage).toEqual({ kind: 'local' });
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: PG }).storage).toEqual({ kind: 'local' });
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: PG, REDIS_URL: REDIS, SINGLE_NODE: '1' }).storage).toEqual({ kind: 'local' });
    // The embedded engine lives in one process: it is one node whatever else is set.
    expect(loadConfig({ DATA_DIR: dataDir(), REDIS_URL: REDIS }).storage).toEqual({ kind: 'local' });
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: PG, REDIS_URL: REDIS, ...S3 }).storage).toEqual({
      kind: 's3',
      bucket: 'jetton-uploads',
      endpoint: 'https://objects.example',
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'very-secret-key-do-not-print' },
      forcePathStyle: true,
    });
    // AWS itself: virtual-hosted URLs, credentials from the instance's role.
    expect(loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'jetton-uploads', S3_REGION: 'ap-southeast-1' }).storage).toMatchObject({
      endpoint: undefined,
      region: 'ap-southeast-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), ...S3, S3_FORCE_PATH_STYLE: '0' }).storage).toMatchObject({ forcePathStyle: false });
  });

  it('refuses half an S3 configuration, and never prints the secret', () => {
    for (const env of [
      { S3_ENDPOINT: S3.S3_ENDPOINT },
      { S3_ACCESS_KEY_ID: S3.S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: S3.S3_SECRET_ACCESS_KEY },
      { S3_BUCKET: S3.S3_BUCKET, S3_SECRET_ACCESS_KEY: S3.S3_SECRET_ACCESS_KEY },
      { S3_BUCKET: S3.S3_BUCKET, S3_ENDPOINT: 'ftp://objects.example' },
    ]) {
      for (const load of [() => loadConfig({ ...env, DATA_DIR: dataDir() }), () => loadOperatorConfig({ ...env, DATA_DIR: dataDir() })]) {
        const error = (() => {
          try {
            load();
          } catch (e) {
            return e as Error;
          }
        })();
        expect(error).toBeInstanceOf(ConfigError);
        expect(error?.message).not.toContain(S3.S3_SECRET_ACCESS_KEY);
      }
    }
  });

  it('`npm start` as one of several nodes on local disk exits 1 with the one-line reason', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'scripts/start.ts')], {
      cwd: root,
      env: { PATH: process.env.PATH, DATABASE_URL: PG, REDIS_URL: REDIS, DATA_DIR: dataDir() },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^Refusing to start: uploads would stay on this node's disk/);
    expect(result.stdout).toBe('');
  });
});
