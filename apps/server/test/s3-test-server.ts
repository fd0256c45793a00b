import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import S3rver from '@20minutes/s3rver';
import accounts from '@20minutes/s3rver/lib/models/account.js';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../src/config.ts';
import { createS3Client } from '../src/adapters/storage/s3-storage.ts';

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
 * in the registries this project installs from). Objects on disk under `dir`; S3_TEST_PORT or
 * any free port. It checks every request's access key (a fresh one per server); it is run with
 * `allowMismatchedSignatures`, because its SigV4 check rebuilds a bucket-level path without the
 * trailing slash the AWS SDK signs (`/bucket/`), so it refuses every list request otherwise.
 */
export async function startS3TestServer(options: { dir: string; port?: number }): Promise<S3TestServer> {
  mkdirSync(options.dir, { recursive: true });
  const accessKeyId = `JETTON${randomBytes(6).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(20).toString('base64url');
  accounts.DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? Number(process.env.S3_TEST_PORT ?? 0),
    directory: options.dir,
    silent: true,
    vhostBuckets: false,
    allowMismatchedSignatures: true,
  });
  const { port } = await server.run();
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
    close: () => server.close(),
  };
}
