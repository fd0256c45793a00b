import type { Kysely } from 'kysely';
import type { SlipNoteCode } from '@jetton/contract/errors';
import { pageWithTotal } from '../../db/paging.ts';
import type { DB } from '../../db/schema.ts';
import type { Slip } from '../deposit/slip-repository.ts';

export type DeskSlip = Slip & { member_phone: string | null };

/** Failure notes that mean the verifier could not decide (the bank could not be asked, the QR could not be read). */
export const UNDECIDED_NOTES = ['UNKNOW_ERROR', 'INVALID_SLIP'] as const satisfies readonly SlipNoteCode[];

export const isUndecided = (slip: Pick<Slip, 'status' | 'note'>): boolean =>
  slip.status === 'processing' || (slip.status === 'failed' && (UNDECIDED_NOTES as readonly string[]).includes(slip.note ?? ''));

export type SlipFilter = {
  status: 'processing' | 'success' | 'failed' | 'undecided' | 'all';
  note?: SlipNoteCode;
  memberId?: string;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
};

/** Kysely stays here (docs/engineering.md, "House rules"): the slip desk's reads and an operator's decision. */
export function createSlipDeskRepository(db: Kysely<DB>) {
  function filtered(filter: SlipFilter) {
    let q = db.selectFrom('slips as s');
    if (filter.status === 'undecided') {
      q = q.where((eb) =>
        eb.or([eb('s.status', '=', 'processing'), eb.and([eb('s.status', '=', 'failed'), eb('s.note', 'in', [...UNDECIDED_NOTES])])]),
      );
    } else if (filter.status !== 'all') q = q.where('s.status', '=', filter.status);
    if (filter.note) q = q.where('s.note', '=', filter.note);
    if (filter.memberId) q = q.where('s.member_id', '=', filter.memberId);
    if (filter.from) q = q.where('s.created_at', '>=', filter.from);
    if (filter.to) q = q.where('s.created_at', '<', filter.to);
    return q;
  }

  return {
    async list(filter: SlipFilter): Promise<{ rows: DeskSlip[]; total: number }> {
      return pageWithTotal(
        () => filtered(filter),
        (q) =>
          q
            .leftJoin('members as m', 'm.id', 's.member_id')
            .selectAll('s')
            .select('m.phone as member_phone')
            .orderBy('s.created_at', 'desc')
            .orderBy('s.id', 'desc'),
        filter,
      );
    },

    find(id: string): Promise<DeskSlip | undefined> {
      return db
        .selectFrom('slips as s')
        .leftJoin('members as m', 'm.id', 's.member_id')
        .selectAll('s')
        .select('m.phone as member_phone')
        .where('s.id', '=', id)
        .executeTakeFirst();
    },

    /** Locked for an operator's decision: the verifier's own finish (conditional on processing) waits, then finds it decided. */
    lock(id: string): Promise<Slip | undefined> {
      return db.selectFrom('slips').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async decide(
      id: string,
      outcome: { status: 'success'; amount: bigint; transRef: string; sendingBank: string } | { status: 'failed'; note: SlipNoteCode },
      now: Date,
    ): Promise<void> {
      await db
        .updateTable('slips')
        .set(
          outcome.status === 'success'
            ? {
                status: 'success',
                note: null,
                amount: outcome.amount,
                trans_ref: outcome.transRef,
                sending_bank: outcome.sendingBank,
                claimed_until: null,
                updated_at: now,
              }
            : { status: 'failed', note: outcome.note, amount: null, claimed_until: null, updated_at: now },
        )
        .where('id', '=', id)
        .execute();
    },

    async counts(): Promise<{ processing: number; undecided: number }> {
      const row = await db
        .selectFrom('slips')
        .select((eb) => [
          eb.fn.countAll<string>().filterWhere('status', '=', 'processing').as('processing'),
          eb.fn
            .countAll<string>()
            .filterWhere((w) => w.and([w('status', '=', 'failed'), w('note', 'in', [...UNDECIDED_NOTES])]))
            .as('undecided'),
        ])
        .where((eb) =>
          eb.or([eb('status', '=', 'processing'), eb.and([eb('status', '=', 'failed'), eb('note', 'in', [...UNDECIDED_NOTES])])]),
        )
        .executeTakeFirstOrThrow();
      return { processing: Number(row.processing), undecided: Number(row.undecided) };
    },
  };
}
