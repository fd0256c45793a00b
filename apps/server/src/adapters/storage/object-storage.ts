import type { Readable } from 'node:stream';

/**
 * The boundary to file storage for uploads (deposit slips, chat media): local disk by default, an
 * S3-compatible object store when configured (docs/operations.md, "Uploads"). Keys are always made
 * by the server (put), never taken from a request, so a caller cannot name a path; an
 * implementation refuses any other key shape.
 */
export interface ObjectStorage {
  /** Stores the bytes under a new server-generated key and answers the key. */
  put(bytes: Uint8Array): Promise<string>;
  /** The stored bytes, or undefined when the key is unknown (or not a key we could have made). */
  get(key: string): Promise<Buffer | undefined>;
  /**
   * The object (or bytes start..end of it, inclusive) as a stream, for serving large media without
   * holding it in memory; undefined when the key is unknown.
   */
  read(key: string, range?: ByteRange): Promise<Readable | undefined>;
  /** Removes the object; unknown keys are ignored. */
  delete(key: string): Promise<void>;
  /** Every key stored, in no particular order (backups walk them). */
  keys(): AsyncIterable<string>;
  /**
   * Puts an object back under the key a backup holds: 'added', or 'present' when the same bytes
   * are already there. Other bytes under that key are never overwritten: it throws.
   */
  restore(key: string, bytes: Uint8Array): Promise<'added' | 'present'>;
}

export type ByteRange = { start: number; end: number };

/** 32 lowercase hex characters: 128 random bits, nothing else. */
export const STORAGE_KEY = /^[0-9a-f]{32}$/;

export function isStorageKey(key: string): boolean {
  return STORAGE_KEY.test(key);
}

/**
 * The object store did not answer (a network fault, a timeout, refused credentials): the request
 * that needed it answers 503 SERVICE_UNAVAILABLE, never a 500 with the store's words.
 */
export class StorageUnavailable extends Error {
  constructor(operation: string, cause: unknown) {
    super(`object storage ${operation} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StorageUnavailable';
  }
}

/** A restore found other bytes already stored under a key the backup holds. */
export class StorageConflict extends Error {
  constructor(key: string) {
    super(`object ${key} already exists with other content`);
    this.name = 'StorageConflict';
  }
}
