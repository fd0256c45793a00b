import type { TAdminTransfer } from '@jetton/contract/admin/money';
import { fromMinor } from '@jetton/contract/money';
import { AppError } from '../../http/app-error.ts';
import { UUID, type DeskDeps, type DeskOperator } from './desk-deps.ts';
import { createTransferDeskRepository, type DeskTransfer, type TransferFilter } from './transfer-desk-repository.ts';

export type { TransferFilter };

export function toAdminTransfer(t: DeskTransfer): TAdminTransfer {
  return {
    id: t.id,
    memberId: t.member_id,
    memberPhone: t.member_phone,
    gameCode: t.game_code,
    direction: t.direction,
    amount: fromMinor(t.amount),
    currency: t.currency,
    status: t.status,
    reason: t.reason,
    attempts: t.attempts,
    nextCheckAt: t.next_check_at.toISOString(),
    createdAt: t.created_at.toISOString(),
  };
}

/**
 * Pending game transfers (docs/money-desk.md, "Game transfers"): each with its
 * reconciliation state and attempts; "re-check now" makes it due and runs a
 * reconciliation pass at once (the same pass the timer runs: a settlement is
 * one conditional update, so it settles once whoever asks). A transfer younger
 * than the reconciliation delay may still be on its way to the provider, where
 * "not found" would be a lie: it is refused (REQUEST_LIMIT, wait and retry).
 */
export function createTransferDesk(deps: DeskDeps & { reconcileNow: () => Promise<unknown>; reconcileAfterMs: () => Promise<number> }) {
  const { db, clock } = deps;
  const reads = createTransferDeskRepository(db);

  async function view(id: string): Promise<TAdminTransfer> {
    const row = await reads.find(id);
    if (!row) throw new AppError('NO_DATA');
    return toAdminTransfer(row);
  }

  return {
    async list(filter: TransferFilter) {
      const { rows, total } = await reads.list(filter);
      return { transfers: rows.map(toAdminTransfer), total };
    },

    async recheck(operator: DeskOperator, id: string): Promise<TAdminTransfer> {
      if (!UUID.test(id)) throw new AppError('NO_DATA');
      const now = clock.now();
      const youngest = new Date(now.getTime() - (await deps.reconcileAfterMs()));
      const before = await db.transaction().execute(async (trx) => {
        const row = await createTransferDeskRepository(trx).dueNow(id, now, youngest);
        if (!row) {
          const found = await createTransferDeskRepository(trx).find(id);
          if (!found) throw new AppError('NO_DATA');
          throw new AppError(found.status === 'PENDING' ? 'REQUEST_LIMIT' : 'ALREADY_DECIDED');
        }
        await deps.audit(trx, {
          operatorId: operator.id,
          ip: operator.ip ?? null,
          action: 'transfer.recheck',
          memberId: row.member_id,
          before: { status: row.status, reason: row.reason, attempts: row.attempts },
          ledgerEntryId: row.entry_id,
          at: now,
        });
        return row;
      });
      await deps.reconcileNow();
      return view(before.id);
    },
  };
}
export type TransferDesk = ReturnType<typeof createTransferDesk>;
