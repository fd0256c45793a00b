import type { TAdminDepositNotice } from '@jetton/contract/admin/money';
import { fromMinor } from '@jetton/contract/money';
import { AppError } from '../../http/app-error.ts';
import type { DepositNotice, NoticeFilter } from '../deposit/notice-repository.ts';
import type { NoticeService } from '../deposit/notice-service.ts';
import type { DeskAudit, DeskOperator } from './desk-deps.ts';
import { UUID } from './desk-deps.ts';

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
  };
}

/**
 * Manual deposit notices (docs/money-desk.md, "Manual deposits"): the deposit
 * module's own decision (a confirm credits once, reference = notice id), made
 * strict (a decided notice is ALREADY_DECIDED) and audited with its entry.
 */
export function createNoticeDesk(deps: { notices: NoticeService; audit: DeskAudit }) {
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
      const notice = await deps.notices.decide(id, decision, {
        strict: true,
        decided: (trx, n, entryId) =>
          deps.audit(trx, {
            operatorId: operator.id,
            ip: operator.ip ?? null,
            action: decision === 'confirm' ? 'depositNotice.confirm' : 'depositNotice.reject',
            memberId: n.member_id,
            before: { status: 'processing' },
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
