/**
 * The boundary to file storage (uploads: deposit slips, later chat media).
 * Keys are always made by the server (newKey), never taken from a request, so a
 * caller cannot name a path; an implementation refuses any other key shape.
 * Local disk by default; an S3-compatible store implements the same interface.
 */
export interface ObjectStorage {
  /** Stores the bytes under a new server-generated key and answers the key. */
  put(bytes: Uint8Array): Promise<string>;
  /** The stored bytes, or undefined when the key is unknown (or not a key we could have made). */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the object; unknown keys are ignored. */
  delete(key: string): Promise<void>;
}

/** 32 lowercase hex characters: 128 random bits, nothing else. */
export const STORAGE_KEY = /^[0-9a-f]{32}$/;

export function isStorageKey(key: string): boolean {
  return STORAGE_KEY.test(key);
}
