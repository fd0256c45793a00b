import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (a game password shown to its member, an
 * operator's TOTP secret, an SMS forwarder's HMAC secret) are sealed at rest,
 * not hashed: AES-256-GCM under a key derived (HKDF) from the token secret and
 * a purpose, so each kind has its own key. A database dump alone reveals none
 * of them; rotating the token secret makes the old ones unreadable.
 * Format: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
export function createSecretBox(tokenSecret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', tokenSecret, 'jetton', purpose, 32));
  return {
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error(`not a sealed ${purpose}`);
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
