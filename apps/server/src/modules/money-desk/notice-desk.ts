import type { Kysely } from 'kysely';
import type { TAdminDepositNotice } from '@jetton/contract/admin/money';
import { fromMinor } from '@jetton/contract/money';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { createNoticeRepository, type DepositNotice, type NoticeFilter } from '../deposit/notice-repository.ts';
import type { NoticeService } from '../deposit/notice-service.ts';
import { creditFourEyes } from './credit-four-eyes.ts';
import type { DeskAudit, DeskOperator } from './desk-deps.ts';
import { UUID } from './desk-deps.ts';
import type { MoneyRules } from '@jetton/contract/money-rules';
import { fourEyesLimits, type MoneyDeskRulesSource } from './money-desk-rules.ts';

export function toAdminNotice(n: DepositNotice & { member_phone?: string | null }): TAdminDepositNotice {
  return {
    id: n.id,
    memberId: n.member_id,
    memberPhone: n.member_phone ?? null,
    currency: n.currency,
    amount: fromMinor(n.amount),
    status: n.status,
    createdAt: n.created_at.toISOString(),
    decidedAt: n.decided_at?.toISOString() ?? null,
    proposedBy: n.proposed_by,
    fourEyesReason: n.four_eyes_reason,
    decidedBy: n.decided_by,
  };
}

/**
 * Manual deposit notices (docs/money-desk.md, "Manual deposits"): the deposit
 * module's own decision (a confirm credits once, reference = notice id), made
 * strict (a decided notice is ALREADY_DECIDED) and audited with its entry.
 * A confirm is a credit by the operator's hand: past the four-eyes amount, on
 * its own or with the operator's other credits to the member today, it is a
 * proposal another operator's confirm posts.
 */
export function createNoticeDesk(deps: { notices: NoticeService; audit: DeskAudit; rules: MoneyDeskRulesSource }) {
  /** The maker's side of a confirm: null to credit now, or the notice left waiting for a checker. */
  function gate(operator: DeskOperator, money: MoneyRules) {
    return async (trx: Kysely<DB>, n: DepositNotice, now: Date): Promise<DepositNotice | null> => {
      const repo = createNoticeRepository(trx);
      if (n.four_eyes_reason !== null) {
        // A proposal waits: this is the checker, who may never be its maker.
        if (n.proposed_by === operator.id) throw new AppError('FOUR_EYES_SAME_OPERATOR');
        return null;
      }
      const reason = await creditFourEyes(trx, {
        operatorId: operator.id,
        memberId: n.member_id,
        amount: n.amount,
        now,
        limit: fourEyesLimits(money, n.currency).adjustmentMinor,
      });
      const marked = await repo.markMaker(n.id, operator.id, now, reason);
      if (reason === null) return null;
      await deps.audit(trx, {
        operatorId: operator.id,
        ip: operator.ip ?? null,
        action: 'depositNotice.propose',
        memberId: n.member_id,
        before: { status: 'processing' },
        after: { status: 'processing', amount: fromMinor(n.amount), fourEyesReason: reason },
        at: now,
      });
      return marked;
    };
  }

  return {
    async list(filter: NoticeFilter) {
      const { rows, total } = await deps.notices.list(filter);
      return { notices: rows.map(toAdminNotice), total };
    },

    async decide(
      operator: DeskOperator,
      id: string,
      decision: 'confirm' | 'reject',
      reason: string | undefined,
    ): Promise<TAdminDepositNotice> {
      if (!UUID.test(id)) throw new AppError('NO_DATA');
      const money = await deps.rules.get();
      const notice = await deps.notices.decide(id, decision, {
        strict: true,
        decidedBy: operator.id,
        gate: gate(operator, money),
        decided: (trx, n, entryId) =>
          deps.audit(trx, {
            operatorId: operator.id,
            ip: operator.ip ?? null,
            action: decision === 'confirm' ? 'depositNotice.confirm' : 'depositNotice.reject',
            memberId: n.member_id,
            before: { status: 'processing', proposedBy: n.four_eyes_reason === null ? null : n.proposed_by },
            after: { status: n.status, amount: fromMinor(n.amount), reason: reason ?? null },
            ledgerEntryId: entryId,
            at: n.decided_at ?? undefined,
          }),
      });
      return toAdminNotice(notice);
    },
  };
}
export type NoticeDesk = ReturnType<typeof createNoticeDesk>;
