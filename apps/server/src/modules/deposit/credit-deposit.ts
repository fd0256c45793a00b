import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LedgerCurrency } from '../../db/tables/ledger.ts';
import { ensureAccount } from '../../ledger/accounts.ts';
import { memberWallet, systemAccount } from '../../ledger/account-codes.ts';
import { postEntry } from '../../ledger/post-entry.ts';
import { createCareRepository } from '../care/care-repository.ts';
import { depositHoldReason } from '../care/limits-service.ts';
import { createDepositRepository } from './deposit-repository.ts';

/** Where a deposit waits for a person when it would pass a limit or arrived during a break (docs/player-care.md). */
export const CARE_HELD_ACCOUNT = 'care:held';

export type DepositCredit = {
  memberId: string;
  currency: LedgerCurrency;
  /** The system account the money came through: bank:<id>, gateway:<provider>, voucher:truemoney. */
  sourceCode: string;
  /** Ledger kind: deposit.slip, deposit.qr, deposit.giftlink, deposit.manual. */
  kind: string;
  /** The business id that may be credited once (slip transRef, QR id, voucher hash, notice id). */
  reference: string;
  amount: bigint;
  coinPerMinor: number;
  memo?: string;
  /** The app's time of the credit: the deposit limits' periods are counted by it. */
  at: Date;
};

/**
 * Credits a deposit inside the caller's transaction: source -> member wallet,
 * plus spin coins (1 per 100.00, docs/deposits.md) in the same transaction;
 * or source -> the held account when player care keeps it for a person. The
 * ledger's unique kind + reference makes a second credit of the same deposit
 * (a replayed callback, the same slip twice) move nothing: `created` is false
 * then and no coins are added either.
 */
export async function creditDeposit(
  trx: Kysely<DB>,
  credit: DepositCredit,
): Promise<{ created: boolean; coins: number; entryId: bigint; held: boolean }> {
  const source = await ensureAccount(trx, systemAccount(credit.sourceCode, credit.currency));
  // Player care: past a deposit limit, or during a break, the money is kept for a person, never dropped.
  const hold = await depositHoldReason(trx, credit);
  const target = hold
    ? await ensureAccount(trx, systemAccount(CARE_HELD_ACCOUNT, credit.currency))
    : await ensureAccount(trx, memberWallet(credit.memberId, credit.currency));
  const entry = await postEntry(trx, {
    kind: credit.kind,
    reference: credit.reference,
    memo: credit.memo ?? '',
    postings: [
      { account: source, amount: -credit.amount },
      { account: target, amount: credit.amount },
    ],
  });
  if (!entry.created) return { created: false, coins: 0, entryId: entry.id, held: false };
  const care = createCareRepository(trx);
  if (hold) {
    await care.addHold({
      id: crypto.randomUUID(),
      member_id: credit.memberId,
      currency: credit.currency,
      amount: credit.amount,
      entry_kind: credit.kind,
      reference: credit.reference,
      reason: hold,
      held_at: credit.at,
    });
    return { created: true, coins: 0, entryId: entry.id, held: true };
  }
  await care.addDeposit(entry.id, credit.memberId, credit.amount, credit.at);
  const coins = Number(credit.amount / BigInt(credit.coinPerMinor));
  await createDepositRepository(trx).addCoins(credit.memberId, coins);
  return { created: true, coins, entryId: entry.id, held: false };
}
