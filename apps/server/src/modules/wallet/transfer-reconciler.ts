import type { FastifyBaseLogger } from 'fastify';
import { serialJob, type JobScheduler } from '../../jobs/periodic-job.ts';
import { settleInBatches } from '../../jobs/settle-in-batches.ts';
import type { Kysely } from 'kysely';
import type { FinalTransferStatus } from '../../adapters/games/game-provider.ts';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { CrashPoint } from '../../crash-point.ts';
import type { GameAccessService } from './game-access.ts';
import { createTransferRepository, type Transfer } from './transfer-repository.ts';
import { AWAITING_DEPOSIT, type TransferSettlement } from './transfer-settlement.ts';
import type { WalletRulesSource } from './wallet-rules.ts';

export type ReconcileSummary = { claimed: number; completed: number; failed: number; unknown: number };

/** Provider status questions asked at once per pass; the rest of a batch waits its turn. */
const PARALLEL = 8;

/**
 * Settles PENDING transfers (docs/games.md, "Reconciliation"): asks the provider about
 * each one by its transfer id and completes or reverses it.
 *
 * - SUCCESS: completed, exactly as if the provider had answered in time;
 * - NOT_FOUND: not an outcome. The id is cancelled at the provider, whose
 *   answer is final (SUCCESS: it had landed meanwhile; FAILED: it never will);
 * - to game, FAILED: the deposit never arrived and never will: reversed, the wallet gets it back;
 * - from game, FAILED: nothing left the provider: FAILED, nothing credited;
 * - no answer: asked again after reconcileRetryMs.
 *
 * Only transfers older than reconcileAfter (at least twice the provider
 * timeout) are asked about: a request normally still on its way is left to
 * finish, rather than cancelled under it. Correctness does not rest on that
 * delay, only on the provider's final answers.
 */
export function createTransferReconciler(deps: {
  db: Kysely<DB>;
  clock: Clock;
  rules: WalletRulesSource;
  access: GameAccessService;
  settlement: TransferSettlement;
  log: FastifyBaseLogger;
  /** Told of each transfer this job settles (the metrics: docs/operations.md, "Metrics"). */
  onSettled?: (outcome: 'completed' | 'failed') => void;
  /** The crash test's hook (docs/faults.md, "Killed at each step"); absent outside it. */
  crash?: CrashPoint;
}) {
  const { db, clock, settlement } = deps;
  const transfers = createTransferRepository(db);

  /**
   * The transfer's final status at the provider, or undefined when the
   * provider gave no usable answer (asked again later). "Not found" is never
   * taken for an answer: the provider may still hold the request (a node that
   * died mid-call, a provider slower than our deadline) and apply it later. The
   * id is cancelled at the provider instead, and its answer is final: applied
   * before the cancel (SUCCESS), or refused from now on (FAILED).
   */
  async function finalStatus(transfer: Transfer): Promise<{ status: FinalTransferStatus; reason: string } | undefined> {
    try {
      const provider = await deps.access.provider(await deps.access.game(transfer.game_code, 'withdraw'));
      const status = await provider.getTransferStatus(transfer.provider_transfer_id);
      if (status !== 'NOT_FOUND') return { status, reason: 'FAILED_AT_PROVIDER' };
      deps.crash?.('reconcile.cancelling');
      const username = await deps.access.username(transfer.member_id, transfer.game_code);
      const cancelled = await provider.cancelTransfer({
        transferId: transfer.provider_transfer_id,
        username,
        direction: transfer.direction === 'to_game' ? 'deposit' : 'withdraw',
        amount: transfer.amount,
      });
      // FAILED here: it was not there, and now never will be.
      return { status: cancelled, reason: 'NOT_FOUND_AT_PROVIDER' };
    } catch (error) {
      deps.log.warn({ err: error, transferId: transfer.id }, 'transfer status unknown: asking again later');
      return undefined;
    }
  }

  async function settle(transfer: Transfer): Promise<keyof Omit<ReconcileSummary, 'claimed'>> {
    const final = await finalStatus(transfer);
    if (final === undefined) {
      const { reconcileRetryMs } = await deps.rules.get();
      const now = clock.now();
      await transfers.noteUnknown(transfer.id, 'STATUS_UNKNOWN', new Date(now.getTime() + reconcileRetryMs), now);
      return 'unknown';
    }
    deps.crash?.('reconcile.answered');
    const { status, reason } = final;
    if (transfer.direction === 'to_game') {
      await (status === 'SUCCESS' ? settlement.completeToGame(transfer) : settlement.failToGame(transfer, reason));
    } else if (status !== 'SUCCESS') {
      await settlement.failFromGame(transfer, reason);
    } else if ((await settlement.completeFromGame(transfer)) === 'deferred') {
      // Paid out from a deposit still unconfirmed here: asked again once that one has had its turn.
      const { reconcileRetryMs } = await deps.rules.get();
      const now = clock.now();
      await transfers.noteUnknown(transfer.id, AWAITING_DEPOSIT, new Date(now.getTime() + reconcileRetryMs), now);
      return 'unknown';
    }
    deps.crash?.('reconcile.settled');
    deps.log.info({ transferId: transfer.id, direction: transfer.direction, status }, 'transfer reconciled');
    return status === 'SUCCESS' ? 'completed' : 'failed';
  }

  async function pass(): Promise<ReconcileSummary> {
    const rules = await deps.rules.get();
    const now = clock.now();
    const claimed = await transfers.claimDue(now, new Date(now.getTime() + rules.reconcileLeaseMs), rules.reconcileBatch);
    if (claimed.length > 0) deps.crash?.('reconcile.claimed');
    const summary: ReconcileSummary = { claimed: claimed.length, completed: 0, failed: 0, unknown: 0 };
    await settleInBatches(claimed, PARALLEL, settle, (outcome) => {
      if (outcome.ok) {
        summary[outcome.value]++;
        if (outcome.value !== 'unknown') deps.onSettled?.(outcome.value);
      } else {
        // A database failure mid-settlement: the lease runs out and the next pass tries again.
        summary.unknown++;
        deps.log.error({ err: outcome.error }, 'transfer reconciliation failed');
      }
    });
    return summary;
  }

  return serialJob(pass);
}

export type TransferReconciler = ReturnType<typeof createTransferReconciler>;

/** Runs the reconciler every reconcileIntervalMs (an operator's change applies without a restart) until the app closes. */
export function scheduleTransferReconciliation(jobs: JobScheduler, reconciler: TransferReconciler, rules: WalletRulesSource): void {
  jobs.every(reconciler, {
    name: 'transfer reconciliation',
    intervalMs: async () => (await rules.getOrDefaults()).reconcileIntervalMs,
  });
}
