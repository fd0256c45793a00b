import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { FourEyesReason } from '../../db/tables/money-desk.ts';
import { DAY_MS, siteDay, siteDayStart } from '@jetton/contract/site-time';
import { createCreditTotalsRepository } from './credit-totals-repository.ts';

/**
 * Whether a credit by one operator's hand needs a second operator
 * (docs/money-desk.md, "Four eyes"): its own amount above `limit` (AMOUNT), or
 * that operator's credits to that member in the current site day, posted or
 * proposed, this one included, above `limit` (DAY_TOTAL). Null: the operator
 * may post it alone.
 *
 * Runs inside the transaction that records the credit and holds the
 * operator+member lock until it ends, so parallel credits are counted one
 * after the other and never all slip under the limit. `limit` is read before
 * the transaction (the embedded engine has one connection).
 */
export async function creditFourEyes(
  trx: Kysely<DB>,
  credit: { operatorId: string; memberId: string; amount: bigint; now: Date; limit: bigint },
): Promise<FourEyesReason | null> {
  const totals = createCreditTotalsRepository(trx);
  await totals.lock(credit.operatorId, credit.memberId);
  if (credit.amount > credit.limit) return 'AMOUNT';
  const from = siteDayStart(siteDay(credit.now));
  const sofar = await totals.dayTotal(credit.operatorId, credit.memberId, from, new Date(from.getTime() + DAY_MS));
  return sofar + credit.amount > credit.limit ? 'DAY_TOTAL' : null;
}
