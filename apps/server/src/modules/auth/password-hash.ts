import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (docs/accounts.md, "Passwords": memory-hard, OWASP parameters:
 * N=2^17, r=8, p=1). Stored self-describing as
 * `scrypt$N=131072,r=8,p=1$<salt base64>$<key base64>`, so the parameters can
 * rise later while old hashes still verify (see needsRehash).
 */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1, saltBytes: 16, keyBytes: 32 } as const;

/** scrypt needs 128 * N * r bytes (128 MiB here); Node's default cap is 32 MiB. */
const maxmemFor = (N: number, r: number): number => 128 * N * r + 32 * 1024 * 1024;

/**
 * Each hash holds 128 MiB and a libuv thread for ~0.3 s. At most two at a time,
 * so a burst of logins cannot exhaust memory or starve file and DNS work that
 * shares the thread pool (4 threads by default).
 */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyBytes: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: maxmemFor(N, r) };
  return withSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

const b64 = (buffer: Buffer): string => buffer.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, saltBytes, keyBytes } = SCRYPT_PARAMS;
  const salt = randomBytes(saltBytes);
  const key = await derive(password, salt, N, r, p, keyBytes);
  return `scrypt$N=${N},r=${r},p=${p}$${b64(salt)}$${b64(key)}`;
}

export type ParsedPasswordHash = { algorithm: 'scrypt'; N: number; r: number; p: number; salt: Buffer; key: Buffer };

const FORMAT = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Reads a stored hash; null when it is not one of ours or its parameters are out of any sane range. */
export function parsePasswordHash(stored: string): ParsedPasswordHash | null {
  const m = FORMAT.exec(stored);
  if (!m) return null;
  const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Bounds keep a corrupted row from asking for gigabytes of memory.
  if (N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  return { algorithm: 'scrypt', N, r, p, salt: Buffer.from(m[4] ?? '', 'base64'), key: Buffer.from(m[5] ?? '', 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const key = await derive(password, parsed.salt, parsed.N, parsed.r, parsed.p, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when a hash was made with other parameters than today's (rehash it after a successful login). */
export function needsRehash(stored: string): boolean {
  const parsed = parsePasswordHash(stored);
  const { N, r, p, keyBytes } = SCRYPT_PARAMS;
  return !parsed || parsed.N !== N || parsed.r !== r || parsed.p !== p || parsed.key.length !== keyBytes;
}
