/**
 * The boundary to a payout service (the site's bank's disbursement API):
 * sends money to a member's bank account. Payouts are idempotent by
 * `payoutId` (our withdrawal id): sending the same id again never pays twice,
 * it answers the first payout's outcome. Amounts are integer minor units.
 */
export interface PayoutGateway {
  /** Never throws for payout trouble: UNKNOWN when the answer was lost (timeout, 5xx, garbled). */
  pay(request: PayoutRequest): Promise<PayoutOutcome>;
  /** What became of a payout; NOT_FOUND when the API never received it. */
  status(payoutId: string): Promise<PayoutOutcome | { status: 'NOT_FOUND' }>;
}

export type PayoutRequest = {
  payoutId: string;
  amount: bigint;
  currency: 'THB' | 'LAK';
  bank: string;
  account: string;
  name: string;
};

export type PayoutOutcome = { status: 'SUCCESS' } | { status: 'FAILED'; reason: string } | { status: 'UNKNOWN'; reason: string };
