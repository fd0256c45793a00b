import path from 'node:path';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { createLocalDiskStorage, defaultUploadsRoot } from './local-disk-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import type { StorageConfig } from '../../config.ts';
import { createS3Client, createS3Storage } from './s3-storage.ts';

/** The kinds of upload, each in an area of its own (a folder, or a key prefix in the bucket). */
export const UPLOAD_AREAS = ['slips', 'chat'] as const;
export type UploadArea = (typeof UPLOAD_AREAS)[number];

export type UploadStorage = {
  area(name: UploadArea): ObjectStorage;
  /** For logs and errors: where the uploads are, never a secret. */
  where: string;
  /** Resolves when the store answers (a bucket that exists and these credentials may use); throws otherwise. */
  check(): Promise<void>;
  close(): void;
};

/**
 * Local disk keeps the folders uploads always had: slips in `DATA_DIR/uploads`, chat media in
 * `DATA_DIR/uploads/chat`. In a bucket each area is a prefix: `slips/<key>`, `chat/<key>`.
 */
export function createUploadStorage(config: { storage: StorageConfig; dataDir: string }): UploadStorage {
  const { storage } = config;
  if (storage.kind === 'local') {
    const root = defaultUploadsRoot(config.dataDir);
    const areas: Record<UploadArea, ObjectStorage> = {
      slips: createLocalDiskStorage(root),
      chat: createLocalDiskStorage(path.join(root, 'chat')),
    };
    return { area: (name) => areas[name], where: `local disk ${root}`, check: () => Promise.resolve(), close: () => undefined };
  }
  const client = createS3Client(storage);
  const areas: Record<UploadArea, ObjectStorage> = {
    slips: createS3Storage(client, storage.bucket, 'slips'),
    chat: createS3Storage(client, storage.bucket, 'chat'),
  };
  return {
    area: (name) => areas[name],
    where: `bucket ${storage.bucket} at ${storage.endpoint ?? `AWS S3 (${storage.region})`}`,
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: storage.bucket }));
    },
    close: () => client.destroy(),
  };
}
