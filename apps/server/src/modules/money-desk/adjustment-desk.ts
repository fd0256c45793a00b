import type { Kysely } from 'kysely';
import type { TAdjustmentRequest, TAdminAdjustment } from '@jetton/contract/admin/money';
import { fromMinor, toMinor } from '@jetton/contract/money';
import type { DB } from '../../db/schema.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import { ensureAccount } from '../../ledger/accounts.ts';
import { ACCOUNT_CODES, memberWallet, systemAccount } from '../../ledger/account-codes.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import { postEntry } from '../../ledger/post-entry.ts';
import { createDepositRepository } from '../deposit/deposit-repository.ts';
import { creditFourEyes } from './credit-four-eyes.ts';
import { UUID, type DeskDeps, type DeskOperator } from './desk-deps.ts';
import { fourEyesLimits, type MoneyDeskRulesSource } from './money-desk-rules.ts';
import { createAdjustmentRepository, type Adjustment, type AdjustmentFilter, type DeskAdjustment } from './adjustment-repository.ts';

export function toAdminAdjustment(a: DeskAdjustment): TAdminAdjustment {
  return {
    id: a.id,
    memberId: a.member_id,
    memberPhone: a.member_phone,
    currency: a.currency,
    direction: a.direction,
    amount: fromMinor(a.amount),
    reason: a.reason,
    status: a.status,
    fourEyes: a.four_eyes,
    fourEyesReason: a.four_eyes_reason,
    proposedBy: a.proposed_by,
    proposedAt: a.proposed_at.toISOString(),
    decidedBy: a.decided_by,
    decidedAt: a.decided_at?.toISOString() ?? null,
    decisionReason: a.decision_reason,
    entryId: a.entry_id === null ? null : a.entry_id.toString(),
  };
}

/**
 * The ledger side of an adjustment: `adjustment` <-> the member's wallet, kind
 * adjustment.credit / adjustment.debit, reference = the adjustment id (posted
 * once). A debit obeys the wallet's floor (MONEY_NOT_ENOUGH). The reason is an
 * internal memo; the member's statement shows the line as an adjustment.
 */
async function postAdjustment(trx: Kysely<DB>, a: Adjustment) {
  const wallet = await ensureAccount(trx, memberWallet(a.member_id, a.currency));
  const counterpart = await ensureAccount(trx, systemAccount(ACCOUNT_CODES.adjustment, a.currency));
  const signed = a.direction === 'credit' ? a.amount : -a.amount;
  return postEntry(trx, {
    kind: `adjustment.${a.direction}`,
    reference: a.id,
    memo: `adjustment: ${a.reason}`.slice(0, 500),
    postings: [
      { account: wallet, amount: signed },
      { account: counterpart, amount: -signed },
    ],
  });
}

/**
 * Manual adjustments (docs/money-desk.md, "Manual adjustments"): credit or debit
 * a member's wallet with a reason. Up to the four-eyes amount the proposal
 * posts at once; above it, it waits for a different operator to confirm.
 */
export function createAdjustmentDesk(deps: DeskDeps & { rules: MoneyDeskRulesSource }) {
  const { db, clock } = deps;
  const reads = createAdjustmentRepository(db);

  async function view(id: string): Promise<TAdminAdjustment> {
    const row = await reads.find(id);
    if (!row) throw new AppError('NO_DATA');
    return toAdminAdjustment(row);
  }

  /** Runs a decision with the adjustment locked; it must still be pending. */
  async function decidePending(id: string, work: (trx: Kysely<DB>, a: Adjustment, now: Date) => Promise<void>): Promise<TAdminAdjustment> {
    if (!UUID.test(id)) throw new AppError('NO_DATA');
    await withMoneyTransaction(db, async (trx) => {
      const a = await createAdjustmentRepository(trx).lock(id);
      if (!a) throw new AppError('NO_DATA');
      if (a.status !== 'pending') throw new AppError('ALREADY_DECIDED');
      await work(trx, a, clock.now());
    });
    return view(id);
  }

  return {
    async list(filter: AdjustmentFilter) {
      const { rows, total } = await reads.list(filter);
      return { adjustments: rows.map(toAdminAdjustment), total };
    },

    async propose(operator: DeskOperator, request: TAdjustmentRequest): Promise<TAdminAdjustment> {
      const member = await createDepositRepository(db).memberForDeposit(request.memberId);
      if (!member) throw new AppError('NO_USER');
      const amount = toMinor(request.amount);
      if (amount <= 0n) throw new AppError('KEY_INVALID');
      const limit = fourEyesLimits(await deps.rules.get(), member.currency).adjustmentMinor;
      const id = await withMoneyTransaction(db, async (trx) => {
        const repo = createAdjustmentRepository(trx);
        const now = clock.now();
        // A debit gives nothing away: only its own amount counts. A credit counts with the day's others.
        const fourEyesReason =
          request.direction === 'credit'
            ? await creditFourEyes(trx, { operatorId: operator.id, memberId: member.id, amount, now, limit })
            : amount > limit
              ? 'AMOUNT'
              : null;
        const fourEyes = fourEyesReason !== null;
        const row: Adjustment = {
          id: uuidV7(now),
          member_id: member.id,
          currency: member.currency,
          direction: request.direction,
          amount,
          reason: request.reason,
          status: 'pending',
          proposed_by: operator.id,
          proposed_at: now,
          decided_by: null,
          decided_at: null,
          decision_reason: null,
          four_eyes: fourEyes,
          entry_id: null,
          four_eyes_reason: fourEyesReason,
        };
        await repo.insert(row);
        const summary = {
          direction: row.direction,
          amount: fromMinor(amount),
          currency: row.currency,
          reason: row.reason,
          adjustmentId: row.id,
        };
        if (fourEyes) {
          await deps.audit(trx, {
            operatorId: operator.id,
            ip: operator.ip ?? null,
            action: 'adjustment.propose',
            memberId: member.id,
            after: { ...summary, status: 'pending', fourEyesReason },
            at: now,
          });
        } else {
          // A short wallet throws here (MONEY_NOT_ENOUGH) and the whole proposal rolls back.
          const entry = await postAdjustment(trx, row);
          await repo.decide(row.id, { status: 'posted', decidedBy: operator.id, now, entryId: entry.id });
          await deps.audit(trx, {
            operatorId: operator.id,
            ip: operator.ip ?? null,
            action: 'adjustment.post',
            memberId: member.id,
            after: { ...summary, status: 'posted' },
            ledgerEntryId: entry.id,
            at: now,
          });
        }
        return row.id;
      });
      return view(id);
    },

    /** The checker: posts another operator's proposal (never the proposer's own). */
    confirm: (operator: DeskOperator, id: string) =>
      decidePending(id, async (trx, a, now) => {
        if (a.proposed_by === operator.id) throw new AppError('FOUR_EYES_SAME_OPERATOR');
        const entry = await postAdjustment(trx, a);
        await createAdjustmentRepository(trx).decide(a.id, { status: 'posted', decidedBy: operator.id, now, entryId: entry.id });
        await deps.audit(trx, {
          operatorId: operator.id,
          ip: operator.ip ?? null,
          action: 'adjustment.confirm',
          memberId: a.member_id,
          before: { status: 'pending', proposedBy: a.proposed_by },
          after: { status: 'posted', direction: a.direction, amount: fromMinor(a.amount), adjustmentId: a.id },
          ledgerEntryId: entry.id,
          at: now,
        });
      }),

    reject: (operator: DeskOperator, id: string, reason: string) =>
      decidePending(id, async (trx, a, now) => {
        await createAdjustmentRepository(trx).decide(a.id, { status: 'rejected', decidedBy: operator.id, now, reason });
        await deps.audit(trx, {
          operatorId: operator.id,
          ip: operator.ip ?? null,
          action: 'adjustment.reject',
          memberId: a.member_id,
          before: { status: 'pending', proposedBy: a.proposed_by },
          after: { status: 'rejected', reason, adjustmentId: a.id },
          at: now,
        });
      }),
  };
}
export type AdjustmentDesk = ReturnType<typeof createAdjustmentDesk>;
