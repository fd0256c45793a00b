import type { Kysely } from 'kysely';
import type { TIncomingAssign, TIncomingLine } from '@jetton/contract/admin/auto-deposit';
import { fromMinor, toMinor } from '@jetton/contract/money';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { ACCOUNT_CODES } from '../../ledger/account-codes.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import { creditDeposit } from '../deposit/credit-deposit.ts';
import { coinMinor, type MoneyRulesSource } from '../lookup/money-rules.ts';
import { depositAccountId } from '../deposit/verify-slip.ts';
import { creditFourEyes } from '../money-desk/credit-four-eyes.ts';
import type { DeskAudit, DeskOperator } from '../money-desk/desk-deps.ts';
import { fourEyesLimits } from '../money-desk/money-desk-rules.ts';
import { BANK_TRANSFER_KIND } from './incoming-pipeline.ts';
import { createIncomingRepository, QUEUE_STATUSES, type IncomingLineRow } from './incoming-repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function toIncomingView(l: IncomingLineRow): TIncomingLine {
  return {
    id: l.id,
    source: l.source,
    siteBank: l.site_bank,
    siteAccount: l.site_account,
    bankRef: l.bank_ref,
    currency: l.currency,
    amount: l.amount === null ? null : fromMinor(l.amount),
    occurredAt: l.occurred_at?.toISOString() ?? null,
    senderBank: l.sender_bank,
    senderDigits: l.sender_digits,
    senderName: l.sender_name,
    raw: l.raw,
    status: l.status,
    reason: l.reason,
    candidates: JSON.parse(l.candidates) as TIncomingLine['candidates'],
    memberId: l.member_id,
    receivedAt: l.received_at.toISOString(),
    decidedAt: l.decided_at?.toISOString() ?? null,
    proposedBy: l.proposed_by,
    proposedMemberId: l.proposed_member_id,
    fourEyesReason: l.four_eyes_reason,
  };
}

type Deps = {
  db: Kysely<DB>;
  clock: Clock;
  audit: DeskAudit;
  /** Each currency's amount rules (`rules.money`): the four-eyes amount and coins per deposit of the line's currency. */
  money: MoneyRulesSource;
};

/**
 * The money desk's unmatched deposits queue (docs/auto-deposit.md, "The
 * unmatched deposits queue"): a finance operator assigns a line to a member,
 * which credits it once under the bank transfer's own ledger reference, or marks
 * it to be returned. An assignment is a credit by the operator's hand: past the
 * four-eyes amount, alone or with that operator's other credits to the member
 * today, it waits for a second operator. Every decision is audited in its transaction.
 */
export function createUnmatchedDesk(deps: Deps) {
  async function lockQueued(trx: Kysely<DB>, id: string): Promise<IncomingLineRow> {
    const line = await createIncomingRepository(trx).lock(id);
    if (!line) throw new AppError('NO_DATA');
    if (!QUEUE_STATUSES.includes(line.status)) throw new AppError('ALREADY_DECIDED');
    return line;
  }

  return {
    async list(filter: { status: 'queue' | 'all'; limit: number; offset: number }) {
      const { rows, total } = await createIncomingRepository(deps.db).list(filter);
      return { lines: rows.map(toIncomingView), total };
    },

    async assign(operator: DeskOperator, id: string, input: TIncomingAssign): Promise<TIncomingLine> {
      if (!UUID.test(id)) throw new AppError('NO_DATA');
      const money = await deps.money.get();
      const line = await withMoneyTransaction(deps.db, async (trx) => {
        const repo = createIncomingRepository(trx);
        const queued = await lockQueued(trx, id);
        const typed = input.amount === undefined ? null : toMinor(input.amount);
        const amount = queued.amount ?? typed;
        if (amount === null) throw new AppError('KEY_MISSING');
        if (typed !== null && typed !== amount) throw new AppError('KEY_INVALID');
        const member = await repo.memberOrNone(input.memberId);
        if (!member || member.currency !== queued.currency) throw new AppError('NO_USER');
        const now = deps.clock.now();
        const record = { operatorId: operator.id, ip: operator.ip ?? null, memberId: member.id, at: now };
        const limit = fourEyesLimits(money, queued.currency).adjustmentMinor;
        const coinPerMinor = coinMinor(money[queued.currency]);

        if (queued.status === 'proposed') {
          // The checker: never the maker, and for the member the maker proposed.
          if (queued.proposed_by === operator.id) throw new AppError('FOUR_EYES_SAME_OPERATOR');
          if (queued.proposed_member_id !== member.id) throw new AppError('KEY_INVALID');
        } else {
          const reason = await creditFourEyes(trx, { operatorId: operator.id, memberId: member.id, amount, now, limit });
          const marked = await repo.update(queued.id, {
            amount,
            proposed_by: operator.id,
            proposed_at: now,
            proposed_member_id: member.id,
            four_eyes_reason: reason,
            ...(reason ? { status: 'proposed' as const } : {}),
          });
          if (reason) {
            await deps.audit(trx, {
              ...record,
              action: 'incomingDeposit.propose',
              before: { status: queued.status, reason: queued.reason },
              after: { status: 'proposed', amount: fromMinor(amount), fourEyesReason: reason, note: input.reason ?? null },
            });
            return marked;
          }
        }
        const credit = await creditDeposit(trx, {
          at: now,
          memberId: member.id,
          currency: queued.currency,
          sourceCode: ACCOUNT_CODES.bank(depositAccountId(queued.site_bank, queued.site_account)),
          kind: BANK_TRANSFER_KIND,
          reference: queued.bank_ref,
          amount,
          coinPerMinor,
          memo: `desk ${queued.source}`,
        });
        // The same transfer was credited already (its slip was uploaded meanwhile): nothing moves, and the line says so.
        const status = credit.created ? ('credited' as const) : ('duplicate' as const);
        const decided = await repo.update(queued.id, {
          amount,
          status,
          reason: credit.created ? queued.reason : 'ALREADY_CREDITED',
          member_id: member.id,
          entry_id: credit.entryId,
          decided_at: now,
          decided_by: operator.id,
        });
        await deps.audit(trx, {
          ...record,
          action: 'incomingDeposit.assign',
          before: { status: queued.status, reason: queued.reason, proposedBy: queued.proposed_by },
          after: { status, amount: fromMinor(amount), note: input.reason ?? null },
          ledgerEntryId: credit.created ? credit.entryId : null,
        });
        return decided;
      });
      return toIncomingView(line);
    },

    async markReturned(operator: DeskOperator, id: string, reason: string): Promise<TIncomingLine> {
      if (!UUID.test(id)) throw new AppError('NO_DATA');
      const line = await withMoneyTransaction(deps.db, async (trx) => {
        const queued = await lockQueued(trx, id);
        const now = deps.clock.now();
        const returned = await createIncomingRepository(trx).update(queued.id, {
          status: 'returned',
          decided_at: now,
          decided_by: operator.id,
        });
        await deps.audit(trx, {
          operatorId: operator.id,
          ip: operator.ip ?? null,
          action: 'incomingDeposit.return',
          before: { status: queued.status, reason: queued.reason },
          after: { status: 'returned', note: reason },
          at: now,
        });
        return returned;
      });
      return toIncomingView(line);
    },
  };
}
export type UnmatchedDesk = ReturnType<typeof createUnmatchedDesk>;
