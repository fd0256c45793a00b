import type { TSlip } from '@jetton/contract/wallet';
import { fromMinor } from '@jetton/contract/money';
import { apiPath, ROUTES } from '@jetton/contract/routes';
import { SLIP_NOTE_CODES, type SlipNoteCode } from '@jetton/contract/errors';
import type { Slip } from './slip-repository.ts';

const isNote = (note: string | null): note is SlipNoteCode => note !== null && (SLIP_NOTE_CODES as readonly string[]).includes(note);

/** A slip row as the member sees it; the reference is the slip's own id (docs/deposits.md). */
export function toSlipView(slip: Slip): TSlip {
  return {
    createdAt: slip.created_at.toISOString(),
    amount: slip.amount === null ? null : fromMinor(slip.amount),
    status: slip.status,
    note: isNote(slip.note) ? slip.note : null,
    link: apiPath(ROUTES.statement.slipReference, { reference: slip.id }),
    reference: slip.id,
  };
}
