import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Forwarder secrets at rest: the server must compute HMACs with them, so they
 * are sealed (AES-256-GCM under a key derived from the token secret, as
 * operators' TOTP secrets are) rather than only hashed; the SHA-256 beside
 * them names a secret without opening it.
 */
export function createSecretBox(tokenSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', tokenSecret, 'jetton', 'sms-forwarder-secret', 32));
  return {
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed forwarder secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;

export const secretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');
export const newForwarderSecret = (): string => randomBytes(32).toString('base64url');
