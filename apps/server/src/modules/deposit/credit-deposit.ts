import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LedgerCurrency } from '../../db/tables/ledger.ts';
import { ensureAccount } from '../../ledger/accounts.ts';
import { memberWallet, systemAccount } from '../../ledger/account-codes.ts';
import { postEntry } from '../../ledger/post-entry.ts';
import { createDepositRepository } from './deposit-repository.ts';

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
};

/**
 * Credits a deposit inside the caller's transaction: source -> member wallet,
 * plus spin coins (1 per 100.00, docs/deposits.md) in the same transaction. The
 * ledger's unique kind + reference makes a second credit of the same deposit
 * (a replayed callback, the same slip twice) move nothing: `created` is false
 * then and no coins are added either.
 */
export async function creditDeposit(trx: Kysely<DB>, credit: DepositCredit): Promise<{ created: boolean; coins: number; entryId: bigint }> {
  const source = await ensureAccount(trx, systemAccount(credit.sourceCode, credit.currency));
  const wallet = await ensureAccount(trx, memberWallet(credit.memberId, credit.currency));
  const entry = await postEntry(trx, {
    kind: credit.kind,
    reference: credit.reference,
    memo: credit.memo ?? '',
    postings: [
      { account: source, amount: -credit.amount },
      { account: wallet, amount: credit.amount },
    ],
  });
  if (!entry.created) return { created: false, coins: 0, entryId: entry.id };
  const coins = Number(credit.amount / BigInt(credit.coinPerMinor));
  await createDepositRepository(trx).addCoins(credit.memberId, coins);
  return { created: true, coins, entryId: entry.id };
}
