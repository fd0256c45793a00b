import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.ts';
import { isStorageKey, StorageConflict, StorageUnavailable, type ByteRange, type ObjectStorage } from './object-storage.ts';

/** One client per process: the areas (slips, chat) share its connections. */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where the API requires them: several S3-compatible stores (older MinIO, R2 at
    // times) refuse the SDK's newer default headers. TLS already protects the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that stops answering fails the request in bounded time (503) instead of holding it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    maxAttempts: 3,
  });
}

/**
 * One area of uploads (`slips/`, `chat/`) in a bucket: objects at `<area>/<key>`. Every failure
 * other than "no such key" is a StorageUnavailable (503 to a member).
 */
export function createS3Storage(client: S3Client, bucket: string, area: string): ObjectStorage {
  const objectKey = (key: string) => `${area}/${key}`;

  async function call<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new StorageUnavailable(operation, error);
    }
  }

  async function getObject(key: string, range?: ByteRange): Promise<GetObjectCommandOutput | undefined> {
    if (!isStorageKey(key)) return undefined;
    try {
      return await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw new StorageUnavailable('get', error);
    }
  }

  async function get(key: string): Promise<Buffer | undefined> {
    const object = await getObject(key);
    return object?.Body ? Buffer.from(await call('get', () => object.Body!.transformToByteArray())) : undefined;
  }

  async function write(key: string, bytes: Uint8Array): Promise<void> {
    await call('put', () =>
      client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: bytes, ContentType: 'application/octet-stream' })),
    );
  }

  return {
    async put(bytes) {
      const key = randomBytes(16).toString('hex');
      await write(key, bytes);
      return key;
    },
    get,
    async read(key, range) {
      const object = await getObject(key, range);
      // In Node the SDK's body is an http.IncomingMessage: a Readable of the (ranged) bytes.
      return object?.Body as Readable | undefined;
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await call('delete', () => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) })));
    },
    async *keys() {
      let token: string | undefined;
      do {
        const page = await call('list', () =>
          client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${area}/`, ...(token ? { ContinuationToken: token } : {}) })),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(area.length + 1) ?? '';
          if (isStorageKey(key)) yield key;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async restore(key, bytes) {
      if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
      const present = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) })).then(
        () => true,
        (error: unknown) => {
          if (isNotFound(error)) return false;
          throw new StorageUnavailable('head', error);
        },
      );
      if (!present) {
        await write(key, bytes);
        return 'added';
      }
      if (!(await get(key))?.equals(bytes)) throw new StorageConflict(key);
      return 'present';
    },
  };
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: unknown; $metadata?: { httpStatusCode?: unknown } };
  // A missing bucket is a misconfiguration, not a missing object.
  if (e.name === 'NoSuchBucket') return false;
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}
