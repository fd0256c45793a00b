import type { AccountRef, LedgerCurrency } from './ledger-types.ts';

/**
 * The account codes of domain rules section 2, written once. Member accounts
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
