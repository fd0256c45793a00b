import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { ensureAccount } from '../../ledger/accounts.ts';
import { memberWallet, systemAccount } from '../../ledger/account-codes.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import { postEntry } from '../../ledger/post-entry.ts';
import type { AuditWriter } from '../admin/audit-log.ts';
import { CARE_HELD_ACCOUNT } from '../deposit/credit-deposit.ts';
import { createCareRepository } from './care-repository.ts';

/** Deposits player care held for a person (docs/player-care.md, "Held deposits"): an owner lets one into the wallet, once, audited. */
export function createHoldService(deps: { db: Kysely<DB>; clock: Clock; audit: AuditWriter }) {
  return {
    async release(op: { operatorId: string }, holdId: string, reason: string, ip: string | null): Promise<void> {
      const now = deps.clock.now();
      await withMoneyTransaction(deps.db, async (trx) => {
        const care = createCareRepository(trx);
        const hold = await care.takeHold(holdId, op.operatorId, now);
        if (!hold) throw new AppError('ALREADY_DECIDED');
        const held = await ensureAccount(trx, systemAccount(CARE_HELD_ACCOUNT, hold.currency));
        const wallet = await ensureAccount(trx, memberWallet(hold.member_id, hold.currency));
        const entry = await postEntry(trx, {
          kind: 'care.release',
          reference: hold.id,
          memo: reason,
          postings: [
            { account: held, amount: -hold.amount },
            { account: wallet, amount: hold.amount },
          ],
        });
        await care.addDeposit(entry.id, hold.member_id, hold.amount, now);
        await deps.audit(trx, {
          operatorId: op.operatorId,
          action: 'care.hold.release',
          memberId: hold.member_id,
          ledgerEntryId: entry.id,
          before: { status: 'held', amount: hold.amount.toString(), reason: hold.reason },
          after: { status: 'released', reason },
          ip,
          at: now,
        });
      });
    },
  };
}

export type HoldService = ReturnType<typeof createHoldService>;
