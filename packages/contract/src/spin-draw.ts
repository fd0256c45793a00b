/**
 * The published mapping from a provably fair draw to a wheel slice (docs/spin.md,
 * "Provably fair"). No zod and no crypto here: the server and the member's
 * browser (the verifier) feed it the HMAC bytes they computed themselves.
 *
 * 1. hmac = HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}`),
 *    serverSeed being its 64-character lowercase hex text, both UTF-8.
 * 2. v = the first 8 bytes of hmac as an unsigned 64-bit big-endian integer.
 * 3. point = floor(v x W / 2^64), W = the sum of the wheel version's weights.
 * 4. The slice is the first one (in wheel order) whose running weight sum exceeds point.
 */

/** The first 8 bytes of an HMAC as an unsigned big-endian integer. */
export function drawValue(hmac: Uint8Array): bigint {
  if (hmac.length < 8) throw new Error('a draw needs at least 8 bytes');
  let v = 0n;
  for (let i = 0; i < 8; i += 1) v = (v << 8n) | BigInt(hmac[i] ?? 0);
  return v;
}

/** Step 3: a point in [0, W) from a 64-bit value. */
function drawPoint(value: bigint, totalWeight: number): bigint {
  return (value * BigInt(totalWeight)) >> 64n;
}

/** Steps 3-4: the slice index a 64-bit value lands on, given the slices' weights in wheel order. */
export function sliceForValue(value: bigint, weights: readonly number[]): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (!(total > 0)) throw new Error('a wheel needs a positive total weight');
  const point = drawPoint(value, total);
  let running = 0n;
  for (let i = 0; i < weights.length; i += 1) {
    running += BigInt(weights[i] ?? 0);
    if (running > point) return i;
  }
  // Unreachable: point < total.
  return weights.length - 1;
}

/** The HMAC message of a draw. */
export function drawMessage(clientSeed: string, nonce: number): string {
  return `${clientSeed}:${nonce}`;
}
