import { randomInt } from 'node:crypto';
import { createSecretBox, type SecretBox } from '../../secret-box.ts';

/**
 * Game passwords are shown back to the member (the game dialog), so they are
 * sealed, not hashed (secret-box.ts), under a key of their own. Rotating the token secret
 * makes old ones unreadable: the member resets the game password.
 */
export function createGamePasswordBox(tokenSecret: string): SecretBox {
  return createSecretBox(tokenSecret, 'game-passwords');
}

export type GamePasswordBox = SecretBox;

/** No look-alike characters (0/O, 1/l/I): members type these into game apps by hand. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new game password: 10 characters from a CSPRNG (~57 bits). */
export function randomGamePassword(length = 10): string {
  let password = '';
  for (let i = 0; i < length; i++) password += ALPHABET[randomInt(ALPHABET.length)];
  return password;
}
