import { createECDH, hkdfSync } from 'node:crypto';

/** The order of P-256: a private key is a number from 1 to n - 1. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/**
 * The site's VAPID key pair (RFC 8292), base64url as web-push takes it: the configured one, else one
 * derived from the token secret, so every node signs with the same key and no node stores it.
 */
export function vapidKeys(tokenSecret: string, configured?: { publicKey?: string | undefined; privateKey?: string | undefined }) {
  if (configured?.publicKey && configured.privateKey) return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  for (let round = 0; ; round++) {
    const candidate = Buffer.from(hkdfSync('sha256', tokenSecret, 'jetton-vapid', `p256-${round}`, 32));
    const value = BigInt(`0x${candidate.toString('hex')}`);
    if (value === 0n || value >= P256_ORDER) continue;
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(candidate);
    return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: candidate.toString('base64url') };
  }
}
