import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { ensureAccount } from '../../ledger/accounts.ts';
import { ACCOUNT_CODES, memberWallet, shardedSystemAccount, systemAccount } from '../../ledger/account-codes.ts';
import { postEntry, reverseEntry } from '../../ledger/post-entry.ts';
import type { Withdrawal } from './withdraw-repository.ts';

/**
 * The ledger side of a withdrawal; every entry's reference is the withdrawal
 * id, so each step posts at most once however often it is retried.
 *
 * - withdraw.hold: wallet -> payout:pending, at request (MONEY_NOT_ENOUGH if short);
 * - withdraw.paid: payout:pending -> payout:<bank>, when the payout API confirms;
 * - withdraw.return: the exact reversal of the hold (rejected, or refused by the bank).
 *
 * payout:pending is sharded by member like the other hot system accounts, so
 * withdrawals of different members never queue behind one row lock.
 */
const pendingAccount = (memberId: string, currency: Withdrawal['currency']) =>
  shardedSystemAccount(ACCOUNT_CODES.payoutPending, currency, memberId);

export async function holdWithdrawal(
  trx: Kysely<DB>,
  w: { id: string; memberId: string; currency: Withdrawal['currency']; amount: bigint },
) {
  const wallet = await ensureAccount(trx, memberWallet(w.memberId, w.currency));
  const pending = await ensureAccount(trx, pendingAccount(w.memberId, w.currency));
  return postEntry(trx, {
    kind: 'withdraw.hold',
    reference: w.id,
    memo: 'withdrawal',
    postings: [
      { account: wallet, amount: -w.amount },
      { account: pending, amount: w.amount },
    ],
  });
}

export async function markPaid(trx: Kysely<DB>, w: Withdrawal) {
  const pending = await ensureAccount(trx, pendingAccount(w.member_id, w.currency));
  const bank = await ensureAccount(trx, systemAccount(ACCOUNT_CODES.payout(w.bank_code), w.currency));
  return postEntry(trx, {
    kind: 'withdraw.paid',
    reference: w.id,
    memo: `paid to ${w.bank_code}`,
    postings: [
      { account: pending, amount: -w.amount },
      { account: bank, amount: w.amount },
    ],
  });
}

export function returnHold(trx: Kysely<DB>, w: Withdrawal, why: string) {
  return reverseEntry(trx, w.hold_entry_id, { kind: 'withdraw.return', memo: why });
}
