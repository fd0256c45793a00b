import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { QrProvider } from '@jetton/contract/constants';
import type { QrGateway } from '../../adapters/qr-gateway/qr-gateway.ts';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { DepositRulesSource } from './deposit-rules.ts';
import { createQrRepository } from './qr-repository.ts';
import { serialJob, type JobScheduler } from '../../jobs/periodic-job.ts';
import { settleInBatches } from '../../jobs/settle-in-batches.ts';

/** claimed: QRs marked expired this pass; cancelFailed: of those, the ones the gateway did not take the cancel for. */
export type QrExpirySummary = { claimed: number; cancelFailed: number; creditedLate: number; unknown: number };

/** Gateway cancels sent at once; the rest of a batch waits its turn. */
const PARALLEL = 8;

/**
 * Marks open QR codes expired once they are qrExpiryGraceMs past their expiry
 * (before, they only counted as expired when read or re-created), in batches
 * of qrExpiryBatch with SKIP LOCKED, repeated until a batch comes back short.
 * Each marked QR is then cancelled at its gateway, best effort and after the
 * mark is committed: a failed cancel is logged and changes nothing. An expired
 * QR is never credited (qr-service's callback takes only an open one).
 */
export function createQrExpiryJob(deps: {
  db: Kysely<DB>;
  clock: Clock;
  rules: DepositRulesSource;
  gateway: QrGateway;
  log: FastifyBaseLogger;
  /** Providers whose gateway answers an inquiry (SCB): asked before their QRs are expired. */
  inquiry?: { providers: readonly QrProvider[]; settle: (provider: QrProvider, qrcodeId: string) => Promise<unknown> };
}) {
  const qrs = createQrRepository(deps.db);

  async function cancelAtGateway(qr: { id: string; provider: string }): Promise<boolean> {
    try {
      await deps.gateway.cancel({ provider: qr.provider as QrProvider, qrcodeId: qr.id });
      return true;
    } catch (error) {
      deps.log.warn({ err: error, qrcodeId: qr.id, provider: qr.provider }, 'expired QR not cancelled at the gateway');
      return false;
    }
  }

  /**
   * A callback that never came (SCB stopped after three tries, our node was
   * down): the gateway is asked before the QR is expired, and a payment it
   * reports is credited; one it knows nothing of is expired here. A QR whose
   * gateway gave no answer stays open for the next pass: expiring it could lose a payment.
   */
  async function askFirst(expiredBy: Date, now: Date, limit: number, summary: QrExpirySummary): Promise<void> {
    const inquiry = deps.inquiry;
    if (!inquiry) return;
    const unanswered: string[] = [];
    for (;;) {
      const due = await qrs.openDue(expiredBy, inquiry.providers, limit, unanswered);
      for (const qr of due) {
        try {
          if (await inquiry.settle(qr.provider as QrProvider, qr.id)) summary.creditedLate++;
          else if (await qrs.close(qr.id, 'expired', now)) summary.claimed++;
        } catch (error) {
          summary.unknown++;
          unanswered.push(qr.id);
          deps.log.warn(
            { err: error, qrcodeId: qr.id, provider: qr.provider },
            'QR gateway inquiry failed: the QR stays open until it answers',
          );
        }
      }
      if (due.length < limit) return;
    }
  }

  async function pass(): Promise<QrExpirySummary> {
    const { qrExpiryGraceMs, qrExpiryBatch } = await deps.rules.get();
    const now = deps.clock.now();
    const expiredBy = new Date(now.getTime() - qrExpiryGraceMs);
    const summary: QrExpirySummary = { claimed: 0, cancelFailed: 0, creditedLate: 0, unknown: 0 };
    await askFirst(expiredBy, now, qrExpiryBatch, summary);
    for (;;) {
      const expired = await qrs.expireDue(expiredBy, now, qrExpiryBatch, deps.inquiry?.providers ?? []);
      summary.claimed += expired.length;
      // cancelAtGateway never throws: a failed cancel answers false.
      await settleInBatches(expired, PARALLEL, cancelAtGateway, (outcome) => {
        if (!outcome.ok || !outcome.value) summary.cancelFailed++;
      });
      if (expired.length < qrExpiryBatch) return summary;
    }
  }

  return serialJob(pass);
}
export type QrExpiryJob = ReturnType<typeof createQrExpiryJob>;

/** Runs the job every qrExpiryIntervalMs (an operator's change under rules.deposit applies without a restart) until the app closes. */
export function scheduleQrExpiry(jobs: JobScheduler, job: QrExpiryJob, rules: DepositRulesSource): void {
  jobs.every(job, {
    name: 'qr expiry',
    intervalMs: async () => (await rules.getOrDefaults()).qrExpiryIntervalMs,
  });
}
