import type { TAdminWithdrawal, TSettleRequest } from '@jetton/contract/admin/money';
import { fromMinor } from '@jetton/contract/money';
import { AppError } from '../../http/app-error.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import { markPaid, returnHold } from '../withdraw/withdraw-ledger.ts';
import { createWithdrawRepository } from '../withdraw/withdraw-repository.ts';
import { UUID, type DeskDeps, type DeskOperator } from './desk-deps.ts';
import { fourEyesLimits, type MoneyDeskRulesSource } from './money-desk-rules.ts';
import { toAdminWithdrawal } from './withdrawal-desk.ts';
import { createWithdrawalDeskRepository } from './withdrawal-desk-repository.ts';

/**
 * Held payouts and findings (docs/money-desk.md, "Held payouts"). A payout whose
 * outcome at the bank is unknown keeps its money held; the payout job asks
 * again, and past the deadline leaves it here for a person, who looks at the
 * bank and settles it: paid (booked to the bank), failed (the money returns to
 * the wallet), or retry (the job asks the payout API again now).
 */
export function createPayoutDesk(deps: DeskDeps & { rules: MoneyDeskRulesSource }) {
  const { db, clock } = deps;
  const reads = createWithdrawalDeskRepository(db);

  const views = async (status: 'held' | 'findings'): Promise<TAdminWithdrawal[]> => {
    const money = await deps.rules.get();
    const rows = status === 'findings' ? await reads.findings(200) : (await reads.list({ status: 'held', limit: 200, offset: 0 })).rows;
    return rows.map((r) => toAdminWithdrawal(r, undefined, fourEyesLimits(money, r.currency).withdrawalMinor));
  };

  return {
    held: () => views('held'),
    findings: () => views('findings'),

    async settle(operator: DeskOperator, id: string, request: TSettleRequest): Promise<TAdminWithdrawal> {
      if (!UUID.test(id)) throw new AppError('NO_DATA');
      await withMoneyTransaction(db, async (trx) => {
        const repo = createWithdrawRepository(trx);
        const w = await repo.lock(id);
        if (!w) throw new AppError('NO_DATA');
        if (w.status !== 'paying') throw new AppError('ALREADY_DECIDED');
        // Only a held payout: one still in flight at the bank is the payout job's.
        if (w.unknown_since === null) throw new AppError('KEY_INVALID', 409);
        const now = clock.now();
        let entryId: bigint = w.hold_entry_id;
        if (request.outcome === 'retry') {
          await createWithdrawalDeskRepository(trx).requeueHeld(w.id, now);
        } else {
          const to = request.outcome === 'paid' ? 'success' : 'failed';
          const row = await repo.transition(w.id, ['paying'], to, now, {
            nextAttemptAt: null,
            note: `settled by an operator: ${request.reason}`,
          });
          if (!row) throw new AppError('ALREADY_DECIDED');
          entryId = (
            request.outcome === 'paid' ? await markPaid(trx, row) : await returnHold(trx, row, 'payout settled as failed by an operator')
          ).id;
        }
        await deps.audit(trx, {
          operatorId: operator.id,
          ip: operator.ip ?? null,
          action: `payout.settle`,
          memberId: w.member_id,
          before: { status: w.status, note: w.note, unknownSince: w.unknown_since, finding: w.held_at !== null },
          after: { outcome: request.outcome, reason: request.reason, amount: fromMinor(w.amount) },
          ledgerEntryId: entryId,
          at: now,
        });
      });
      const row = await reads.find(id);
      if (!row) throw new AppError('NO_DATA');
      return toAdminWithdrawal(row, undefined, fourEyesLimits(await deps.rules.get(), row.currency).withdrawalMinor);
    },
  };
}
export type PayoutDesk = ReturnType<typeof createPayoutDesk>;
