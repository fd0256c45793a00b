import { createHash, randomBytes } from 'node:crypto';
import { createSecretBox, type SecretBox } from '../../secret-box.ts';

/**
 * Forwarder secrets at rest: the server must compute HMACs with them, so they
 * are sealed (secret-box.ts) rather than only hashed; the SHA-256 beside them
 * names a secret without opening it.
 */
export function createForwarderSecretBox(tokenSecret: string): SecretBox {
  return createSecretBox(tokenSecret, 'sms-forwarder-secret');
}

export const secretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');
export const newForwarderSecret = (): string => randomBytes(32).toString('base64url');
