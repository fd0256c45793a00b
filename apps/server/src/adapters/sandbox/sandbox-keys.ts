import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The key the site's adapter presents to one simulator's API, derived from the
 * server's token secret and a label per simulator. Whoever reaches /sandbox
 * without it cannot credit a game player, confirm a bank transfer or make a
 * payout answer: that "money" could otherwise be moved into a real wallet.
 */
export function sandboxKey(tokenSecret: string, label: string): string {
  return createHmac('sha256', tokenSecret).update(label).digest('base64url');
}

/** Compares a presented key with the expected one in constant time. */
export function keyMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
