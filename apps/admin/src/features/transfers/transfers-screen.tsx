import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZTransferList } from '@jetton/contract/admin/money';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { apiPath } from '@jetton/contract/routes';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { showToast } from '@/components/ui/toast-store';
import type { ApiError } from '@/lib/api-error';
import { translateError } from '@/lib/translate-error';
import { Notice } from '@admin/components/notice';
import ui from '@admin/components/ui.module.css';
import { errorText } from '@admin/lib/error-text';
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
      <div className={ui.toolbar}>
        <SelectField label={t('filters.status')} value={status} onChange={(event) => setStatus(event.target.value)}>
          {STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`transfers.status.${value}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {list.error && <Notice tone="danger">{errorText(t, list.error)}</Notice>}
      <div className={ui.tableWrap}>
        <table className={ui.table}>
          <caption>{t('transfers.caption', { count: list.data?.total ?? 0 })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('columns.created')}</th>
              <th scope="col">{t('columns.member')}</th>
              <th scope="col">{t('transfers.game')}</th>
              <th scope="col" className={ui.num}>
                {t('columns.amount')}
              </th>
              <th scope="col">{t('columns.status')}</th>
              <th scope="col">{t('transfers.attempts')}</th>
              <th scope="col">{t('transfers.nextCheck')}</th>
              <th scope="col">{t('columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((transfer) => (
              <tr key={transfer.id}>
                <td>{when(transfer.createdAt)}</td>
                <td>
                  <Link to={`/members/${transfer.memberId}`}>{transfer.memberPhone ?? transfer.memberId.slice(0, 8)}</Link>
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
          </tbody>
        </table>
        {list.isSuccess && rows.length === 0 && <p className={ui.empty}>{t('transfers.empty')}</p>}
      </div>
    </div>
  );
}
