import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { createInvariantQueries } from './invariant-repository.ts';

export type InvariantViolation =
  | { rule: 'entry-unbalanced'; entryId: bigint; total: bigint; postings: bigint }
  | { rule: 'entry-mixes-currencies'; entryId: bigint }
  | { rule: 'balance-stale'; accountId: bigint; balance: bigint; posted: bigint }
  | { rule: 'wallet-negative'; accountId: bigint; balance: bigint }
  | { rule: 'currency-not-zero'; currency: string; total: bigint };

/**
 * The ledger's invariants (docs/money.md, "The ledger") over the whole database:
 * (1) every journal entry sums to zero; (2) every cached balance equals the sum
 * of its postings; (3) no member wallet is negative; (4) the accounts sum to
 * zero (per currency, which implies overall). Read in one REPEATABLE READ
 * snapshot so concurrent posting cannot produce a false alarm.
 * Returns the violations; empty means healthy.
 */
export async function checkInvariants(db: Kysely<DB>): Promise<InvariantViolation[]> {
  // Inside a caller's transaction, read what that transaction sees.
  if (db.isTransaction) return collect(db);
  return db.transaction().setIsolationLevel('repeatable read').execute(collect);
}

export type LedgerFigures = { entries: bigint; postings: bigint; accounts: bigint; currencies: string[] };

/** The invariants and what they covered, in one snapshot (`npm run ledger:check`). */
export async function checkLedger(db: Kysely<DB>): Promise<{ violations: InvariantViolation[]; figures: LedgerFigures }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => ({ violations: await collect(trx), figures: await createInvariantQueries(trx).figures() }));
}

async function collect(db: Kysely<DB>): Promise<InvariantViolation[]> {
  const q = createInvariantQueries(db);
  const violations: InvariantViolation[] = [];
  for (const r of await q.unbalancedEntries()) {
    violations.push({ rule: 'entry-unbalanced', entryId: r.entry_id, total: r.total ?? 0n, postings: r.postings });
  }
  for (const r of await q.mixedCurrencyEntries()) violations.push({ rule: 'entry-mixes-currencies', entryId: r.entry_id });
  for (const r of await q.staleBalances()) {
    violations.push({ rule: 'balance-stale', accountId: r.account_id, balance: r.balance, posted: r.posted });
  }
  for (const r of await q.negativeWallets()) violations.push({ rule: 'wallet-negative', accountId: r.account_id, balance: r.balance });
  for (const r of await q.nonZeroCurrencies()) violations.push({ rule: 'currency-not-zero', currency: r.currency, total: r.total });
  return violations;
}
