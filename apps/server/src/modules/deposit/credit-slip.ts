import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LedgerCurrency } from '../../db/tables/ledger.ts';
import { ACCOUNT_CODES } from '../../ledger/account-codes.ts';
import { creditDeposit } from './credit-deposit.ts';

/**
 * A verified bank transfer credited to the member, the one way both the slip
 * verifier and an operator's review credit a slip: from the site's deposit
 * account it was sent to, `deposit.slip` with the transfer's reference, so one
 * transfer credits once whoever credits it (docs/money-desk.md, "Slips").
 * Inside the caller's transaction; `created` is false for a transfer credited before.
 */
export async function creditSlip(
  trx: Kysely<DB>,
  slip: {
    member: { id: string; currency: LedgerCurrency };
    /** The site's deposit account id (depositAccountId) the transfer reached. */
    depositAccount: string;
    transRef: string;
    amount: bigint;
    coinPerMinor: number;
    memo: string;
    at: Date;
  },
): Promise<{ created: boolean; coins: number; entryId: bigint; held: boolean }> {
  return creditDeposit(trx, {
    memberId: slip.member.id,
    currency: slip.member.currency,
    sourceCode: ACCOUNT_CODES.bank(slip.depositAccount),
    kind: 'deposit.slip',
    reference: slip.transRef,
    amount: slip.amount,
    coinPerMinor: slip.coinPerMinor,
    memo: slip.memo,
    at: slip.at,
  });
}
