import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAdminDepositNotice, ZDepositNoticeList, type TAdminDepositNotice } from '@jetton/contract/admin/money';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { apiPath } from '@jetton/contract/routes';
import { Button } from '@jetton/ui/components/button';
import { showToast } from '@jetton/ui/components/toast-store';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { ReasonDialog } from '@admin/components/reason-dialog';
import { DataTable } from '@admin/components/data-table';
import { MemberLink, StatusFilter } from '@admin/components/status-filter';
import ui from '@admin/components/ui.module.css';
import { adminRequest } from '@admin/lib/admin-api';
import { money, when } from '@admin/lib/display';
import { useOperator } from '@admin/lib/operator';
import { withQuery } from '@admin/lib/query-string';

const STATUSES = ['processing', 'success', 'failed', 'all'] as const;

function useNotices(status: string) {
  return useQuery({
    queryKey: ['admin', 'deposit-notices', status],
    queryFn: ({ signal }) =>
      adminRequest(withQuery(ADMIN_ROUTES.depositNotices.list.path, { status, limit: 200 }), { schema: ZDepositNoticeList, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

function useNoticeDecision() {
  const queryClient = useQueryClient();
  return useMutation<TAdminDepositNotice, ApiError, { id: string; action: 'confirm' | 'reject'; reason: string }>({
    mutationFn: ({ id, action, reason }) =>
      adminRequest(apiPath(ADMIN_ROUTES.depositNotices[action].path, { id }), {
        method: 'POST',
        body: reason ? { reason } : {},
        schema: ZAdminDepositNotice,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'deposit-notices'] }),
  });
}

/**
 * Manual mode: a member's "I have transferred" notice, confirmed (credited) or rejected by an operator.
 * A confirm past the four-eyes amount (alone or with the operator's other credits to the member today)
 * is a proposal: another operator's confirm credits it.
 */
export function DepositNoticesScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<string>('processing');
  const list = useNotices(status);
  const me = useOperator();
  const canDecide = me.permissions.includes('deposits.decide');
  const [pending, setPending] = useState<{ notice: TAdminDepositNotice; action: 'confirm' | 'reject' }>();
  const decide = useNoticeDecision();
  const rows = list.data?.notices ?? [];
  const proposedByMe = (notice: TAdminDepositNotice) => notice.fourEyesReason !== null && notice.proposedBy === me.id;
  return (
    <div className={ui.stack}>
      <DataTable
        toolbar={<StatusFilter statuses={STATUSES} section="notices" value={status} onChange={setStatus} />}
        error={list.error}
        caption={t('notices.caption', { count: list.data?.total ?? 0 })}
        headings={[
          t('columns.created'),
          t('columns.member'),
          { label: t('columns.amount'), numeric: true },
          t('columns.status'),
          t('columns.actions'),
        ]}
        isEmpty={list.isSuccess && rows.length === 0}
        empty={t('notices.empty')}
      >
        {rows.map((notice) => (
          <tr key={notice.id}>
            <td>{when(notice.createdAt)}</td>
            <td>
              <MemberLink memberId={notice.memberId} phone={notice.memberPhone} />
            </td>
            <td className={ui.num}>{money(notice.amount, notice.currency)}</td>
            <td>
              <span className={ui.badge}>{t(`notices.status.${notice.status}`)}</span>{' '}
              {notice.fourEyesReason && <span className={`${ui.badge} ${ui.badgeAccent}`}>{t('withdrawals.fourEyes')}</span>}
              {notice.status === 'processing' && notice.fourEyesReason && (
                <div className={ui.muted}>{t(`fourEyesReason.${notice.fourEyesReason}`)}</div>
              )}
              {notice.decidedAt && <div className={ui.muted}>{when(notice.decidedAt)}</div>}
            </td>
            <td>
              {canDecide && notice.status === 'processing' && (
                <div className={ui.rowActions}>
                  {proposedByMe(notice) ? (
                    <span className={ui.muted}>{t('withdrawals.waitingChecker')}</span>
                  ) : (
                    <Button className={ui.small} onClick={() => setPending({ notice, action: 'confirm' })}>
                      {t(notice.fourEyesReason ? 'notices.confirmSecond' : 'notices.confirm')}
                    </Button>
                  )}
                  <Button className={ui.small} variant="secondary" onClick={() => setPending({ notice, action: 'reject' })}>
                    {t('notices.reject')}
                  </Button>
                </div>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      {pending && (
        <ReasonDialog
          open
          onClose={() => setPending(undefined)}
          title={t(`notices.${pending.action}`)}
          confirmLabel={t(`notices.${pending.action}`)}
          confirmVariant={pending.action === 'confirm' ? 'primary' : 'secondary'}
          reason={pending.action === 'reject' ? 'required' : 'optional'}
          summary={<p>{money(pending.notice.amount, pending.notice.currency)}</p>}
          onConfirm={async (reason) => {
            const decided = await decide.mutateAsync({ id: pending.notice.id, action: pending.action, reason });
            // Still waiting: this confirm was a proposal, and the toast says why a second operator is needed.
            const key =
              decided.status === 'processing' && decided.fourEyesReason
                ? `fourEyesReason.${decided.fourEyesReason}`
                : pending.action === 'confirm'
                  ? 'notices.confirmed'
                  : 'notices.rejected';
            showToast(t(key), 'success');
          }}
        />
      )}
    </div>
  );
}
