import type { AccountKind, LedgerCurrency } from '../db/tables/ledger.ts';

export type { AccountKind, LedgerCurrency };

/** A ledger account's id (BIGINT identity). */
export type AccountId = bigint;

/**
 * One side of a movement. `amount` is signed minor units: the account's balance
 * moves by exactly this much (positive raises it, negative lowers it).
 */
export type Posting = { account: AccountId; amount: bigint };

export type EntryInput = {
  /** What happened, dotted: `deposit.slip`, `transfer.to-game`, `withdraw.hold`. */
  kind: string;
  memo?: string;
  /**
   * The business id the movement belongs to (transfer id, QR id, slip reference).
   * Unique per kind: posting the same kind + reference again moves nothing and
   * answers the first entry (a repeated callback credits once).
   */
  reference?: string;
  postings: Posting[];
};

export type PostedEntry = {
  id: bigint;
  /** false when this kind + reference (or this reversal) was already posted. */
  created: boolean;
};

/** Where an account lives: a member's (`wallet`, `game:pg`) or the site's (`bank:1`). */
export type AccountRef =
  | { kind: 'wallet' | 'game'; ownerId: string; code: string; currency: LedgerCurrency }
  | { kind: 'system'; code: string; currency: LedgerCurrency };

/** A programming error in a ledger call (unbalanced entry, unknown account). Never a member's fault. */
export class LedgerError extends Error {
  override readonly name = 'LedgerError';
}

/**
 * A member account would end below zero: nothing of the entry was written. The
 * HTTP layer answers it as MONEY_NOT_ENOUGH; the ledger itself knows nothing of HTTP.
 */
export class InsufficientFunds extends Error {
  override readonly name = 'InsufficientFunds';
  constructor() {
    super('a member account would end below zero');
  }
}

/**
 * Every attempt of a money transaction lost to a serialization failure or a
 * deadlock: nothing was written and the caller may simply try again (the HTTP
 * layer answers REQUEST_LIMIT, "wait and try again").
 */
export class ConflictsExhausted extends Error {
  override readonly name = 'ConflictsExhausted';
}
