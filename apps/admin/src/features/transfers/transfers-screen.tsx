import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZTransferList } from '@jetton/contract/admin/money';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { apiPath } from '@jetton/contract/routes';
import { Button } from '@jetton/ui/components/button';
import { showToast } from '@jetton/ui/components/toast-store';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { translateError } from '@jetton/ui/lib/translate-error';
import { DataTable } from '@admin/components/data-table';
import { MemberLink, StatusFilter } from '@admin/components/status-filter';
import ui from '@admin/components/ui.module.css';
import { adminRequest } from '@admin/lib/admin-api';
import { money, when } from '@admin/lib/display';
import { usePermissions } from '@admin/lib/operator';
import { withQuery } from '@admin/lib/query-string';

const STATUSES = ['PENDING', 'SUCCESS', 'FAILED', 'all'] as const;

/** Game transfers with their reconciliation state; a pending one can be checked with the provider now. */
export function TransfersScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string>('PENDING');
  const list = useQuery({
    queryKey: ['admin', 'transfers', status],
    queryFn: ({ signal }) =>
      adminRequest(withQuery(ADMIN_ROUTES.transfers.list.path, { status, limit: 200 }), { schema: ZTransferList, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const recheck = useMutation<unknown, ApiError, string>({
    mutationFn: (id) =>
      adminRequest(apiPath(ADMIN_ROUTES.transfers.recheck.path, { id }), { method: 'POST', body: {}, schema: z.unknown() }),
    onSuccess: () => showToast(t('transfers.rechecked'), 'success'),
    onError: (error) => showToast(translateError(t, error.code), 'danger'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'transfers'] }),
  });
  const canRecheck = usePermissions().has('transfers.recheck');
  const rows = list.data?.transfers ?? [];
  return (
    <div className={ui.stack}>
      <DataTable
        toolbar={<StatusFilter statuses={STATUSES} section="transfers" value={status} onChange={setStatus} />}
        error={list.error}
        caption={t('transfers.caption', { count: list.data?.total ?? 0 })}
        headings={[
          t('columns.created'),
          t('columns.member'),
          t('transfers.game'),
          { label: t('columns.amount'), numeric: true },
          t('columns.status'),
          t('transfers.attempts'),
          t('transfers.nextCheck'),
          t('columns.actions'),
        ]}
        isEmpty={list.isSuccess && rows.length === 0}
        empty={t('transfers.empty')}
      >
        {rows.map((transfer) => (
          <tr key={transfer.id}>
            <td>{when(transfer.createdAt)}</td>
            <td>
              <MemberLink memberId={transfer.memberId} phone={transfer.memberPhone} />
            </td>
            <td>
              {transfer.gameCode} · {t(`transfers.direction.${transfer.direction}`)}
            </td>
            <td className={ui.num}>{money(transfer.amount, transfer.currency)}</td>
            <td>
              <span className={ui.badge}>{t(`transfers.status.${transfer.status}`)}</span>
              {transfer.reason && <div className={`${ui.muted} ${ui.mono}`}>{transfer.reason}</div>}
            </td>
            <td className={ui.num}>{transfer.attempts}</td>
            <td>{transfer.status === 'PENDING' ? when(transfer.nextCheckAt) : '–'}</td>
            <td>
              {canRecheck && transfer.status === 'PENDING' && (
                <Button
                  className={ui.small}
                  variant="secondary"
                  loading={recheck.isPending && recheck.variables === transfer.id}
                  onClick={() => recheck.mutate(transfer.id)}
                >
                  {t('transfers.recheck')}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
