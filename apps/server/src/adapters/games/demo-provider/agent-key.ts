import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The key the site presents to the demo provider's API, derived from the
 * server's token secret: without it anyone reaching /sandbox could credit a
 * player at the provider and transfer that "money" into a real wallet.
 */
export function demoAgentKey(tokenSecret: string): string {
  return createHmac('sha256', tokenSecret).update('demo-game-provider').digest('base64url');
}

export function agentKeyMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
