import fc from 'fast-check';

/**
 * The operations the property test throws at the ledger, and a plain in-memory
 * model of what each should do to a member's money. `pick` chooses among the
 * open transfers or withdrawals (modulo their count), so any sequence is valid.
 */
export type Op =
  | { op: 'deposit'; amount: bigint }
  | { op: 'toGame'; amount: bigint }
  | { op: 'fromGame'; amount: bigint }
  | { op: 'settleTransfer'; pick: number; success: boolean }
  | { op: 'withdraw'; amount: bigint }
  | { op: 'settleWithdrawal'; pick: number; paid: boolean }
  | { op: 'gameResult'; amount: bigint; win: boolean }
  | { op: 'replayDeposit' };

const amount = fc.bigInt({ min: 1n, max: 50_000n });

export const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), amount }),
  fc.record({ op: fc.constant('toGame' as const), amount }),
  fc.record({ op: fc.constant('fromGame' as const), amount }),
  fc.record({ op: fc.constant('settleTransfer' as const), pick: fc.nat(), success: fc.boolean() }),
  fc.record({ op: fc.constant('withdraw' as const), amount }),
  fc.record({ op: fc.constant('settleWithdrawal' as const), pick: fc.nat(), paid: fc.boolean() }),
  fc.record({ op: fc.constant('gameResult' as const), amount, win: fc.boolean() }),
  fc.record({ op: fc.constant('replayDeposit' as const) }),
);

/** Balances the member and each counterparty should show, as deltas from the start. */
export class LedgerModel {
  wallet = 0n;
  game = 0n;
  bank = 0n;
  provider = 0n;
  payoutPending = 0n;
  payout = 0n;
  pnl = 0n;
}
