import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { schedulePeriodic, serialJob } from '../../jobs/periodic-job.ts';
import type { Kysely } from 'kysely';
import type { TransferStatus as ProviderTransferStatus } from '../../adapters/games/game-provider.ts';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
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
 * - to game, FAILED or NOT_FOUND: the deposit never arrived: reversed, the wallet gets it back;
 * - from game, FAILED or NOT_FOUND: nothing left the provider: FAILED, nothing credited;
 * - no answer: asked again after reconcileRetryMs.
 *
 * Only transfers older than reconcileAfter (at least twice the provider timeout)
 * are asked about, so a "not found" cannot be a request still on its way.
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
}) {
  const { db, clock, settlement } = deps;
  const transfers = createTransferRepository(db);

  async function askProvider(transfer: Transfer): Promise<ProviderTransferStatus | undefined> {
    try {
      const provider = await deps.access.provider(await deps.access.game(transfer.game_code, 'withdraw'));
      return await provider.getTransferStatus(transfer.provider_transfer_id);
    } catch (error) {
      deps.log.warn({ err: error, transferId: transfer.id }, 'transfer status unknown: asking again later');
      return undefined;
    }
  }

  async function settle(transfer: Transfer): Promise<keyof Omit<ReconcileSummary, 'claimed'>> {
    const status = await askProvider(transfer);
    if (status === undefined) {
      const { reconcileRetryMs } = await deps.rules.get();
      const now = clock.now();
      await transfers.noteUnknown(transfer.id, 'STATUS_UNKNOWN', new Date(now.getTime() + reconcileRetryMs), now);
      return 'unknown';
    }
    const reason = status === 'NOT_FOUND' ? 'NOT_FOUND_AT_PROVIDER' : 'FAILED_AT_PROVIDER';
    if (transfer.direction === 'to_game') {
      await (status === 'SUCCESS' ? settlement.completeToGame(db, transfer) : settlement.failToGame(db, transfer, reason));
    } else if (status !== 'SUCCESS') {
      await settlement.failFromGame(db, transfer, reason);
    } else if ((await settlement.completeFromGame(db, transfer)) === 'deferred') {
      // Paid out from a deposit still unconfirmed here: asked again once that one has had its turn.
      const { reconcileRetryMs } = await deps.rules.get();
      const now = clock.now();
      await transfers.noteUnknown(transfer.id, AWAITING_DEPOSIT, new Date(now.getTime() + reconcileRetryMs), now);
      return 'unknown';
    }
    deps.log.info({ transferId: transfer.id, direction: transfer.direction, status }, 'transfer reconciled');
    return status === 'SUCCESS' ? 'completed' : 'failed';
  }

  async function pass(): Promise<ReconcileSummary> {
    const rules = await deps.rules.get();
    const now = clock.now();
    const claimed = await transfers.claimDue(now, new Date(now.getTime() + rules.reconcileLeaseMs), rules.reconcileBatch);
    const summary: ReconcileSummary = { claimed: claimed.length, completed: 0, failed: 0, unknown: 0 };
    for (let i = 0; i < claimed.length; i += PARALLEL) {
      const outcomes = await Promise.allSettled(claimed.slice(i, i + PARALLEL).map(settle));
      for (const outcome of outcomes) {
        if (outcome.status === 'fulfilled') {
          summary[outcome.value]++;
          if (outcome.value !== 'unknown') deps.onSettled?.(outcome.value);
        } else {
          // A database failure mid-settlement: the lease runs out and the next pass tries again.
          summary.unknown++;
          deps.log.error({ err: outcome.reason }, 'transfer reconciliation failed');
        }
      }
    }
    return summary;
  }

  return serialJob(pass);
}

export type TransferReconciler = ReturnType<typeof createTransferReconciler>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The node's transfer reconciliation (modules/wallet/transfer-reconciler.ts); tests call runOnce(). */
    transferReconciler: TransferReconciler;
  }
}

/** Runs the reconciler every reconcileIntervalMs (an operator's change applies without a restart) until the app closes. */
export function scheduleTransferReconciliation(app: FastifyInstance, reconciler: TransferReconciler, rules: WalletRulesSource): void {
  schedulePeriodic(app, reconciler, {
    name: 'transfer reconciliation',
    intervalMs: async () => (await rules.getOrDefaults()).reconcileIntervalMs,
  });
}
