import type { Kysely } from 'kysely';
import { pageWithTotal } from '../../db/paging.ts';
import type { DB } from '../../db/schema.ts';
import type { TransferStatus } from '../../db/tables/wallet.ts';
import type { Transfer } from '../wallet/transfer-repository.ts';

export type DeskTransfer = Transfer & { member_phone: string | null };
export type TransferFilter = { status: TransferStatus | 'all'; limit: number; offset: number };

/** Kysely stays here (docs/engineering.md, "House rules"): the transfer desk's reads and "check now". */
export function createTransferDeskRepository(db: Kysely<DB>) {
  const scoped = (filter: TransferFilter) =>
    filter.status === 'all' ? db.selectFrom('transfers as t') : db.selectFrom('transfers as t').where('t.status', '=', filter.status);
  const withPhone = () =>
    db.selectFrom('transfers as t').leftJoin('members as m', 'm.id', 't.member_id').selectAll('t').select('m.phone as member_phone');
  return {
    async list(filter: TransferFilter): Promise<{ rows: DeskTransfer[]; total: number }> {
      const pending = filter.status === 'PENDING';
      return pageWithTotal(
        () => scoped(filter),
        (q) =>
          q
            .leftJoin('members as m', 'm.id', 't.member_id')
            .selectAll('t')
            .select('m.phone as member_phone')
            .orderBy('t.created_at', pending ? 'asc' : 'desc')
            .orderBy('t.id', pending ? 'asc' : 'desc'),
        filter,
      );
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
