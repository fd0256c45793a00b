import { drawMessage, drawValue, sliceForValue } from '@jetton/contract/spin-draw';

/**
 * Recomputes a revealed spin in the browser, without asking the server how
 * (docs/spin.md, "Provably fair"): SHA-256 of the server seed must be the
 * committed hash, and HMAC-SHA256(serverSeed, clientSeed:nonce) mapped by the
 * version's weights must land on the recorded slice.
 */
export async function verifyDraw(input: {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  weights: readonly number[];
}): Promise<{ hashMatches: boolean; index: number }> {
  const encoder = new TextEncoder();
  const seedBytes = encoder.encode(input.serverSeed);
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', seedBytes));
  const hex = [...hash].map((b) => b.toString(16).padStart(2, '0')).join('');
  const key = await crypto.subtle.importKey('raw', seedBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(drawMessage(input.clientSeed, input.nonce))));
  return { hashMatches: hex === input.serverSeedHash, index: sliceForValue(drawValue(mac), input.weights) };
}
