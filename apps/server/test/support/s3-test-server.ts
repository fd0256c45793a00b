import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../../src/config.ts';
import { createS3Client } from '../../src/adapters/storage/s3-storage.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export type S3TestServer = {
  endpoint: string;
  /** A bucket (new and empty unless one of that name was kept in `dir`), as the server's storage configuration. */
  bucket(name?: string): Promise<Extract<StorageConfig, { kind: 's3' }>>;
  /** The same configuration as the S3_* environment a node reads. */
  env(storage: Extract<StorageConfig, { kind: 's3' }>): Record<string, string>;
  close(): Promise<void>;
};

/**
 * An S3-compatible server on loopback for the tests and `npm run cluster`: s3rver (the
 * `@20minutes/s3rver` fork, a devDependency, so `npm ci` installs it; MinIO's binaries are not
 * in the registries this project installs from), in a process of its own (s3-server-process.ts).
 * Objects on disk under `dir`; S3_TEST_PORT or any free port. It checks every request's access key
 * (a fresh one per server); it is run with `allowMismatchedSignatures`, because its SigV4 check
 * rebuilds a bucket-level path without the trailing slash the AWS SDK signs (`/bucket/`), so it
 * refuses every list request otherwise.
 */
export async function startS3TestServer(options: { dir: string; port?: number }): Promise<S3TestServer> {
  mkdirSync(options.dir, { recursive: true });
  const accessKeyId = `JETTON${randomBytes(6).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(20).toString('base64url');
  const child = spawn(process.execPath, [path.join(here, 's3-server-process.ts')], {
    env: {
      ...process.env,
      S3_TEST_DIR: options.dir,
      S3_TEST_PORT: String(options.port ?? process.env.S3_TEST_PORT ?? 0),
      S3_TEST_ACCESS_KEY_ID: accessKeyId,
      S3_TEST_SECRET_ACCESS_KEY: secretAccessKey,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2_000)));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /s3 listening on (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the S3 test server exited (${code}): ${stderr}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const base = { endpoint, region: 'us-east-1', credentials: { accessKeyId, secretAccessKey }, forcePathStyle: true };
  return {
    endpoint,
    async bucket(name = `jetton-${randomBytes(6).toString('hex')}`) {
      const client = createS3Client({ ...base, bucket: name });
      try {
        await client.send(new CreateBucketCommand({ Bucket: name })).catch((error: unknown) => {
          // `npm run cluster` keeps its bucket across runs, as it keeps its database.
          if ((error as { name?: unknown }).name !== 'BucketAlreadyOwnedByYou') throw error;
        });
      } finally {
        client.destroy();
      }
      return { kind: 's3', bucket: name, ...base };
    },
    env: (storage) => ({
      S3_BUCKET: storage.bucket,
      S3_ENDPOINT: storage.endpoint ?? '',
      S3_REGION: storage.region,
      S3_ACCESS_KEY_ID: storage.credentials?.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: storage.credentials?.secretAccessKey ?? '',
      S3_FORCE_PATH_STYLE: storage.forcePathStyle ? '1' : '0',
    }),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
