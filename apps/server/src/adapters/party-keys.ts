import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How the site's adapters reach the outside parties that the sandbox plays by
 * default: each party's path on the simulator and the key the adapter presents.
 * Production code needs these (they are the adapters' settings), so they live
 * here and not in the sandbox wing; the simulators import them from here.
 */
export const BANK_SANDBOX_PATH = '/sandbox/bank';
/** Where the bank's slip-verification API lives; the adapter's base URL. */
export const BANK_API_PATH = `${BANK_SANDBOX_PATH}/api`;
/** The bank's payout API, next to the sandbox bank; the payout adapter's base URL. */
export const PAYOUT_SANDBOX_PATH = '/sandbox/bank/payouts';
/** The QR payment gateways. */
export const PAY_SANDBOX_PATH = '/sandbox/pay';
/** The TrueMoney voucher service. */
export const VOUCHER_SANDBOX_PATH = '/sandbox/voucher';

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

/** The key the site's adapter presents to the bank's verification API. */
export function bankApiKey(tokenSecret: string): string {
  return sandboxKey(tokenSecret, 'sandbox-bank-verification');
}

/** The key the site's payout adapter presents. */
export function payoutApiKey(tokenSecret: string): string {
  return sandboxKey(tokenSecret, 'sandbox-bank-payout');
}

/** The key the site's QR adapter presents to the gateways. */
export function payMerchantKey(tokenSecret: string): string {
  return sandboxKey(tokenSecret, 'sandbox-pay-merchant');
}

/** The key the site presents to the demo game provider's API. */
export function demoAgentKey(tokenSecret: string): string {
  return sandboxKey(tokenSecret, 'demo-game-provider');
}

/** SCB's Partners API as the sandbox plays it: the simulator's root, and the API base the adapter is given. */
export const SCB_SANDBOX_PATH = '/sandbox/scb';
export const SCB_SANDBOX_API_PATH = `${SCB_SANDBOX_PATH}/partners/sandbox`;

/** The application key and secret the SCB adapter presents to the simulator (a real deployment has SCB's). */
export function scbSandboxCredentials(tokenSecret: string): { apiKey: string; apiSecret: string } {
  return { apiKey: sandboxKey(tokenSecret, 'sandbox-scb-key'), apiSecret: sandboxKey(tokenSecret, 'sandbox-scb-secret') };
}

/** The LINE Messaging API as the sandbox plays it: the SDK's base URL. */
export const LINE_SANDBOX_PATH = '/sandbox/line';

/** The channel access token and secret of the simulated LINE channel. */
export function lineSandboxChannel(tokenSecret: string): { accessToken: string; channelSecret: string } {
  return { accessToken: sandboxKey(tokenSecret, 'sandbox-line-token'), channelSecret: sandboxKey(tokenSecret, 'sandbox-line-secret') };
}
