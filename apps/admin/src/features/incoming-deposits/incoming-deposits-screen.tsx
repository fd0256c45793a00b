import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZIncomingLine, ZIncomingList, type TIncomingLine } from '@jetton/contract/admin/auto-deposit';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { apiPath } from '@jetton/contract/routes';
import { Button } from '@jetton/ui/components/button';
import { showToast } from '@jetton/ui/components/toast-store';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { Notice } from '@admin/components/notice';
import { ReasonDialog } from '@admin/components/reason-dialog';
import ui from '@admin/components/ui.module.css';
import { errorText } from '@admin/lib/error-text';
import { adminRequest } from '@admin/lib/admin-api';
import { money, when } from '@admin/lib/display';
import { useOperator } from '@admin/lib/operator';
import { withQuery } from '@admin/lib/query-string';

type Decision = { line: TIncomingLine; action: 'assign'; memberId: string } | { line: TIncomingLine; action: 'return' };

function useDecision() {
  const queryClient = useQueryClient();
  return useMutation<TIncomingLine, ApiError, Decision & { reason: string }>({
    mutationFn: (d) =>
      adminRequest(apiPath(ADMIN_ROUTES.incomingDeposits[d.action].path, { id: d.line.id }), {
        method: 'POST',
        body: d.action === 'assign' ? { memberId: d.memberId, ...(d.reason ? { reason: d.reason } : {}) } : { reason: d.reason },
        schema: ZIncomingLine,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'incoming-deposits'] }),
  });
}

/**
 * The unmatched deposits queue (docs/auto-deposit.md): incoming transfers no member could be matched to,
 * with the raw line, the reason and the candidates; assign one to a candidate (four eyes above the
 * threshold: a second operator assigns it again) or mark it to be returned.
 */
export function IncomingDepositsScreen() {
  const { t } = useTranslation();
  const me = useOperator();
  const canDecide = me.permissions.includes('deposits.decide');
  const list = useQuery({
    queryKey: ['admin', 'incoming-deposits'],
    queryFn: ({ signal }) =>
      adminRequest(withQuery(ADMIN_ROUTES.incomingDeposits.list.path, { status: 'queue', limit: 200 }), { schema: ZIncomingList, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const [pending, setPending] = useState<Decision>();
  const decide = useDecision();
  const rows = list.data?.lines ?? [];
  return (
    <div className={ui.stack}>
      {list.error && <Notice tone="danger">{errorText(t, list.error)}</Notice>}
      <div className={ui.tableWrap}>
        <table className={ui.table}>
          <caption>{t('incoming.caption', { count: list.data?.total ?? 0 })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('columns.created')}</th>
              <th scope="col" className={ui.num}>
                {t('columns.amount')}
              </th>
              <th scope="col">{t('incoming.line')}</th>
              <th scope="col">{t('columns.status')}</th>
              <th scope="col">{t('columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((line) => (
              <tr key={line.id}>
                <td>{when(line.receivedAt)}</td>
                <td className={ui.num}>{line.amount === null ? '?' : money(line.amount, line.currency)}</td>
                <td>
                  <div>{`${line.source} ${line.siteBank} ${line.siteAccount}`}</div>
                  <div className={ui.muted}>{[line.senderBank, line.senderDigits, line.senderName].filter(Boolean).join(' ')}</div>
                  {line.raw && <div className={ui.muted}>{line.raw}</div>}
                </td>
                <td>
                  <span className={ui.badge}>{line.reason ?? line.status}</span>{' '}
                  {line.fourEyesReason && <span className={`${ui.badge} ${ui.badgeAccent}`}>{t('withdrawals.fourEyes')}</span>}
                </td>
                <td>
                  {canDecide && (
                    <div className={ui.rowActions}>
                      {line.status === 'proposed' && line.proposedBy === me.id ? (
                        <span className={ui.muted}>{t('withdrawals.waitingChecker')}</span>
                      ) : (
                        (line.status === 'proposed' ? line.candidates.filter((c) => c.id === line.proposedMemberId) : line.candidates).map(
                          (c) => (
                            <Button key={c.id} className={ui.small} onClick={() => setPending({ line, action: 'assign', memberId: c.id })}>
                              {t('incoming.assignTo', { member: `${c.phone} ${c.bankAccountNo}` })}
                            </Button>
                          ),
                        )
                      )}
                      <Button className={ui.small} variant="secondary" onClick={() => setPending({ line, action: 'return' })}>
                        {t('incoming.return')}
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.isSuccess && rows.length === 0 && <p className={ui.empty}>{t('incoming.empty')}</p>}
      </div>
      {pending && (
        <ReasonDialog
          open
          onClose={() => setPending(undefined)}
          title={t(pending.action === 'assign' ? 'incoming.assign' : 'incoming.return')}
          confirmLabel={t(pending.action === 'assign' ? 'incoming.assign' : 'incoming.return')}
          confirmVariant={pending.action === 'assign' ? 'primary' : 'secondary'}
          reason={pending.action === 'return' ? 'required' : 'optional'}
          summary={<p>{pending.line.amount === null ? pending.line.raw : money(pending.line.amount, pending.line.currency)}</p>}
          onConfirm={async (reason) => {
            const decided = await decide.mutateAsync({ ...pending, reason });
            showToast(
              t(decided.status === 'proposed' && decided.fourEyesReason ? `fourEyesReason.${decided.fourEyesReason}` : 'incoming.done'),
              'success',
            );
          }}
        />
      )}
    </div>
  );
}
