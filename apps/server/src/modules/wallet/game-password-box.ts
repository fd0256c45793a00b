import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';

/**
 * Game passwords are shown back to the member (the game dialog), so they are
 * sealed, not hashed: AES-256-GCM with a key derived from the server's token
 * secret. A database dump alone does not reveal them. Rotating the token secret
 * makes old ones unreadable: the member resets the game password.
 */
export function createGamePasswordBox(tokenSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', tokenSecret, 'jetton', 'game-passwords', 32));
  return {
    seal(password: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed game password');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type GamePasswordBox = ReturnType<typeof createGamePasswordBox>;

/** No look-alike characters (0/O, 1/l/I): members type these into game apps by hand. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new game password: 10 characters from a CSPRNG (~57 bits). */
export function randomGamePassword(length = 10): string {
  let password = '';
  for (let i = 0; i < length; i++) password += ALPHABET[randomInt(ALPHABET.length)];
  return password;
}
