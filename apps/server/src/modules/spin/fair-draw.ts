import { createHash, createHmac, randomBytes } from 'node:crypto';
import { drawMessage, drawValue, sliceForValue } from '@jetton/contract/spin-draw';

/**
 * Where seeds come from: the port a test replaces with a seeded source to make
 * draws reproducible. Production draws every server seed from the operating
 * system's CSPRNG (docs/spin.md, "Provably fair").
 */
export type SeedSource = {
  /** A new secret server seed: 32 random bytes as 64 lowercase hex characters. */
  serverSeed(): string;
  /** A client seed for a member who has not chosen one. */
  clientSeed(): string;
};

export const secureSeeds: SeedSource = {
  serverSeed: () => randomBytes(32).toString('hex'),
  clientSeed: () => randomBytes(8).toString('hex'),
};

/** The commitment published before any spin: SHA-256 of the server seed's hex text. */
export function seedHash(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/** HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}`) -> its first 64 bits (docs/spin.md, "Provably fair"). */
export function fairValue(serverSeed: string, clientSeed: string, nonce: number): bigint {
  return drawValue(createHmac('sha256', serverSeed).update(drawMessage(clientSeed, nonce), 'utf8').digest());
}

/** The slice index a seed pair and nonce draw on a wheel with these weights. */
export function fairSlice(serverSeed: string, clientSeed: string, nonce: number, weights: readonly number[]): number {
  return sliceForValue(fairValue(serverSeed, clientSeed, nonce), weights);
}
