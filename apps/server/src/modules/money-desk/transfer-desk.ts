import type { Kysely } from 'kysely';
import type { TAdminTransfer } from '@jetton/contract/admin/money';
import { fromMinor } from '@jetton/contract/money';
import type { DB } from '../../db/schema.ts';
import type { TransferStatus } from '../../db/tables/wallet.ts';
import { AppError } from '../../http/app-error.ts';
import type { Transfer } from '../wallet/transfer-repository.ts';
import { UUID, type DeskDeps, type DeskOperator } from './desk-deps.ts';

type DeskTransfer = Transfer & { member_phone: string | null };
export type TransferFilter = { status: TransferStatus | 'all'; limit: number; offset: number };

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

/** Kysely stays here (docs/engineering.md, "House rules"): the transfer desk's reads and "check now". */
function createTransferDeskRepository(db: Kysely<DB>) {
  const scoped = (filter: TransferFilter) =>
    filter.status === 'all' ? db.selectFrom('transfers as t') : db.selectFrom('transfers as t').where('t.status', '=', filter.status);
  const withPhone = () =>
    db.selectFrom('transfers as t').leftJoin('members as m', 'm.id', 't.member_id').selectAll('t').select('m.phone as member_phone');
  return {
    async list(filter: TransferFilter): Promise<{ rows: DeskTransfer[]; total: number }> {
      const pending = filter.status === 'PENDING';
      const rows = await scoped(filter)
        .leftJoin('members as m', 'm.id', 't.member_id')
        .selectAll('t')
        .select('m.phone as member_phone')
        .orderBy('t.created_at', pending ? 'asc' : 'desc')
        .orderBy('t.id', pending ? 'asc' : 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      const count = await scoped(filter)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(count.n) };
    },
    find: (id: string) => withPhone().where('t.id', '=', id).executeTakeFirst(),
    /** Due now: the next reconciliation pass takes it (a lease in force is overridden; settling stays conditional on PENDING). */
    async dueNow(id: string, now: Date, youngest: Date): Promise<Transfer | undefined> {
      return db
        .updateTable('transfers')
        .set({ next_check_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .where('created_at', '<=', youngest)
        .returningAll()
        .executeTakeFirst();
    },
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
