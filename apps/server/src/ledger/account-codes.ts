import type { AccountRef, LedgerCurrency } from './ledger-types.ts';

/**
 * The account codes of docs/money.md ("The ledger"), written once. Member accounts
 * carry the owner's id; system accounts are the site's counterparties, one per
 * code and currency.
 */
export const ACCOUNT_CODES = {
  wallet: 'wallet',
  game: (gameCode: string) => `game:${gameCode}`,
  provider: (gameCode: string) => `provider:${gameCode}`,
  bank: (depositAccountId: string) => `bank:${depositAccountId}`,
  gateway: (provider: string) => `gateway:${provider}`,
  voucherTruemoney: 'voucher:truemoney',
  payoutPending: 'payout:pending',
  payout: (bank: string) => `payout:${bank}`,
  expense: (kind: 'bonus' | 'promotion' | 'invite' | 'refund' | 'spin') => `expense:${kind}`,
  gamePnl: 'game:pnl',
  /** The counterparty of an operator's manual credit or debit of a wallet (docs/money-desk.md, "Manual adjustments"). */
  adjustment: 'adjustment',
} as const;

export function memberWallet(ownerId: string, currency: LedgerCurrency): AccountRef {
  return { kind: 'wallet', ownerId, code: ACCOUNT_CODES.wallet, currency };
}

export function memberGame(ownerId: string, gameCode: string, currency: LedgerCurrency): AccountRef {
  return { kind: 'game', ownerId, code: ACCOUNT_CODES.game(gameCode), currency };
}

export function systemAccount(code: string, currency: LedgerCurrency): AccountRef {
  return { kind: 'system', code, currency };
}

/** How many rows a hot system account is split into. */
export const SYSTEM_SHARDS = 16;

/**
 * A hot system account (provider:<game>, game:pnl) split into SYSTEM_SHARDS rows,
 * `<code>#<n>`, the shard chosen by a stable hash of `shardKey` (the member).
 * Every transfer locks its system account until commit; one row per game would
 * serialize all members' transfers to that game behind each other's commits.
 * A counterparty's balance is the sum over its shards; the ledger's invariants
 * are unchanged.
 */
export function shardedSystemAccount(code: string, currency: LedgerCurrency, shardKey: string): AccountRef {
  return systemAccount(`${code}#${shardOf(shardKey)}`, currency);
}

/** FNV-1a (32 bit): cheap, stable across processes and versions. */
function shardOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % SYSTEM_SHARDS;
}
