import type { FastifyBaseLogger } from 'fastify';
import { serialJob, type JobScheduler } from '../../jobs/periodic-job.ts';
import { settleInBatches } from '../../jobs/settle-in-batches.ts';
import type { Kysely } from 'kysely';
import type { PayoutGateway, PayoutOutcome } from '../../adapters/payout/payout-gateway.ts';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import { markPaid, returnHold } from './withdraw-ledger.ts';
import { createWithdrawRepository, type Withdrawal } from './withdraw-repository.ts';
import type { WithdrawRulesSource } from './withdraw-rules.ts';
import type { PayoutBlacklist } from './payout-blacklist.ts';

export type PayoutSummary = { claimed: number; paid: number; failed: number; unknown: number };

/** Payout calls made at once per pass. */
const PARALLEL = 8;

/**
 * Pays approved withdrawals (docs/withdrawals.md, "Payouts") through the payout adapter.
 *
 * A pass claims due rows (FOR UPDATE SKIP LOCKED, marked `paying` and leased),
 * then, outside any transaction: a row that was `approved` is sent (pay, keyed
 * by the withdrawal id); a row already `paying` had its answer lost, so the API
 * is asked by id first and the payout is sent again only when the API never
 * saw it (same id: the API pays it at most once either way).
 *
 * SUCCESS posts payout:pending -> payout:<bank> and ends `success`; FAILED
 * (a definite refusal) returns the hold to the wallet and ends `failed`; no
 * answer keeps the money held and is asked again after payoutRetryMs, until
 * payoutFindingAfterMs after the first unknown answer: then the job stops and
 * the payout is a finding for a person (docs/money-desk.md, "Held payouts"). Each outcome is one conditional update from `paying`
 * plus its entry in one transaction, so two passes can never both settle a row.
 */
export function createPayoutJob(deps: {
  db: Kysely<DB>;
  clock: Clock;
  rules: WithdrawRulesSource;
  gateway: PayoutGateway;
  log: FastifyBaseLogger;
  blacklist: PayoutBlacklist;
}) {
  const { db, clock, gateway } = deps;
  const repo = createWithdrawRepository(db);

  async function outcomeOf(w: Withdrawal): Promise<PayoutOutcome> {
    const send = () =>
      gateway.pay({
        payoutId: w.id,
        amount: w.amount,
        currency: w.currency,
        bank: w.bank_code,
        account: w.bank_account_no,
        name: w.bank_account_name,
      });
    if (w.status === 'approved') return send();
    const known = await gateway.status(w.id);
    return known.status === 'NOT_FOUND' ? send() : known;
  }

  async function settle(w: Withdrawal): Promise<keyof Omit<PayoutSummary, 'claimed'>> {
    // Never sent yet, and the account was blacklisted meanwhile: back to an operator (docs/money-desk.md, "Blacklisted accounts").
    if (w.status === 'approved' && (await deps.blacklist.isBlacklisted(w.bank_code, w.bank_account_no))) {
      await repo.backToReview(w.id, 'BLACKLISTED', clock.now());
      deps.log.warn({ withdrawalId: w.id }, 'payout to a blacklisted account held for review');
      return 'unknown';
    }
    const outcome = await outcomeOf(w);
    const now = clock.now();
    if (outcome.status === 'UNKNOWN') {
      // Held, never returned by itself: asked again until the deadline, then a finding for a person.
      const { payoutRetryMs, payoutFindingAfterMs } = await deps.rules.get();
      const unknownSince = w.unknown_since ?? now;
      const finding = now.getTime() - unknownSince.getTime() >= payoutFindingAfterMs;
      await repo.noteUnknown(w.id, outcome.reason, finding ? null : new Date(now.getTime() + payoutRetryMs), now, {
        unknownSince,
        finding,
      });
      if (finding)
        deps.log.error(
          { withdrawalId: w.id, reason: outcome.reason },
          'payout outcome still unknown past the deadline: a finding for a person',
        );
      else deps.log.warn({ withdrawalId: w.id, reason: outcome.reason }, 'payout outcome unknown: asking again later');
      return 'unknown';
    }
    const settled = await withMoneyTransaction(db, async (trx) => {
      const tx = createWithdrawRepository(trx);
      const row =
        outcome.status === 'SUCCESS'
          ? await tx.transition(w.id, ['paying'], 'success', now, { nextAttemptAt: null, note: null })
          : await tx.transition(w.id, ['paying'], 'failed', now, { nextAttemptAt: null, note: outcome.reason });
      if (!row) return false;
      if (outcome.status === 'SUCCESS') await markPaid(trx, row);
      else await returnHold(trx, row, 'payout refused by the bank');
      return true;
    });
    deps.log.info({ withdrawalId: w.id, status: outcome.status, settled }, 'withdrawal payout settled');
    return outcome.status === 'SUCCESS' ? 'paid' : 'failed';
  }

  async function pass(): Promise<PayoutSummary> {
    const rules = await deps.rules.get();
    const now = clock.now();
    const claimed = await repo.claimDue(now, new Date(now.getTime() + rules.payoutLeaseMs), rules.payoutBatch);
    const summary: PayoutSummary = { claimed: claimed.length, paid: 0, failed: 0, unknown: 0 };
    await settleInBatches(claimed, PARALLEL, settle, (outcome) => {
      if (outcome.ok) summary[outcome.value]++;
      else {
        // A database failure mid-settlement: the lease runs out and a later pass asks again.
        summary.unknown++;
        deps.log.error({ err: outcome.error }, 'withdrawal payout failed');
      }
    });
    return summary;
  }

  return serialJob(pass);
}
export type PayoutJob = ReturnType<typeof createPayoutJob>;

/** Runs the job every payoutIntervalMs (an operator's change needs no restart) until close. */
export function schedulePayouts(jobs: JobScheduler, job: PayoutJob, rules: WithdrawRulesSource): void {
  jobs.every(job, {
    name: 'withdrawal payout',
    intervalMs: async () => (await rules.getOrDefaults()).payoutIntervalMs,
  });
}
