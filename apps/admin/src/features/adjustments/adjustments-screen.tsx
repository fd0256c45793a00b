import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TAdminAdjustment } from '@jetton/contract/admin/money';
import { Button } from '@jetton/ui/components/button';
import { showToast } from '@jetton/ui/components/toast-store';
import { ReasonDialog } from '@admin/components/reason-dialog';
import { DataTable } from '@admin/components/data-table';
import { MemberLink, StatusFilter } from '@admin/components/status-filter';
import ui from '@admin/components/ui.module.css';
import { money, when } from '@admin/lib/display';
import { useOperator } from '@admin/lib/operator';
import { AdjustmentForm } from './adjustment-form';
import { useAdjustmentDecision, useAdjustments } from './adjustments-api';

const STATUSES = ['all', 'pending', 'posted', 'rejected'] as const;

/** Manual credits and debits with a reason; above the four-eyes amount a second operator confirms. */
export function AdjustmentsScreen() {
  const { t } = useTranslation();
  const me = useOperator();
  const [params] = useSearchParams();
  const [status, setStatus] = useState<string>('all');
  const list = useAdjustments(status);
  const decide = useAdjustmentDecision();
  const [pending, setPending] = useState<{ adjustment: TAdminAdjustment; action: 'confirm' | 'reject' }>();
  const canPropose = me.permissions.includes('adjustments.propose');
  const canConfirm = me.permissions.includes('adjustments.confirm');
  const rows = list.data?.adjustments ?? [];
  return (
    <div className={ui.stack}>
      {canPropose && <AdjustmentForm memberId={params.get('member') ?? ''} />}
      <DataTable
        toolbar={<StatusFilter statuses={STATUSES} section="adjustments" value={status} onChange={setStatus} />}
        error={list.error}
        caption={t('adjustments.caption', { count: list.data?.total ?? 0 })}
        headings={[
          t('columns.created'),
          t('columns.member'),
          { label: t('columns.amount'), numeric: true },
          t('adjustments.reason'),
          t('columns.status'),
          t('columns.actions'),
        ]}
        isEmpty={list.isSuccess && rows.length === 0}
        empty={t('adjustments.empty')}
      >
        {rows.map((a) => (
          <tr key={a.id}>
            <td>{when(a.proposedAt)}</td>
            <td>
              <MemberLink memberId={a.memberId} phone={a.memberPhone} />
            </td>
            <td className={ui.num}>
              {a.direction === 'debit' ? '−' : '+'}
              {money(a.amount, a.currency)}
            </td>
            <td>{a.reason}</td>
            <td>
              <span className={ui.badge}>{t(`adjustments.status.${a.status}`)}</span>{' '}
              {a.fourEyes && <span className={`${ui.badge} ${ui.badgeAccent}`}>{t('withdrawals.fourEyes')}</span>}
              {a.status === 'pending' && a.fourEyesReason && <div className={ui.muted}>{t(`fourEyesReason.${a.fourEyesReason}`)}</div>}
              {a.decisionReason && <div className={ui.muted}>{a.decisionReason}</div>}
            </td>
            <td>
              {a.status === 'pending' && canConfirm && a.proposedBy !== me.id && (
                <div className={ui.rowActions}>
                  <Button className={ui.small} onClick={() => setPending({ adjustment: a, action: 'confirm' })}>
                    {t('adjustments.confirm')}
                  </Button>
                  <Button className={ui.small} variant="secondary" onClick={() => setPending({ adjustment: a, action: 'reject' })}>
                    {t('adjustments.reject')}
                  </Button>
                </div>
              )}
              {a.status === 'pending' && a.proposedBy === me.id && <span className={ui.muted}>{t('withdrawals.waitingChecker')}</span>}
            </td>
          </tr>
        ))}
      </DataTable>
      {pending && (
        <ReasonDialog
          open
          onClose={() => setPending(undefined)}
          title={t(`adjustments.${pending.action}`)}
          confirmLabel={t(`adjustments.${pending.action}`)}
          reason={pending.action === 'reject' ? 'required' : 'none'}
          summary={
            <p>
              {pending.adjustment.direction === 'debit' ? '−' : '+'}
              {money(pending.adjustment.amount, pending.adjustment.currency)} · {pending.adjustment.reason}
            </p>
          }
          onConfirm={async (reason) => {
            await decide.mutateAsync({ id: pending.adjustment.id, action: pending.action, reason });
            showToast(t(pending.action === 'confirm' ? 'adjustments.posted' : 'adjustments.rejectedDone'), 'success');
          }}
        />
      )}
    </div>
  );
}
