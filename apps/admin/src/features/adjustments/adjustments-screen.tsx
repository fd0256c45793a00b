import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TAdminAdjustment } from '@jetton/contract/admin/money';
import { Button } from '@jetton/ui/components/button';
import { SelectField } from '@jetton/ui/components/select-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { Notice } from '@admin/components/notice';
import { ReasonDialog } from '@admin/components/reason-dialog';
import ui from '@admin/components/ui.module.css';
import { errorText } from '@admin/lib/error-text';
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
      <div className={ui.toolbar}>
        <SelectField label={t('filters.status')} value={status} onChange={(event) => setStatus(event.target.value)}>
          {STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`adjustments.status.${value}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {list.error && <Notice tone="danger">{errorText(t, list.error)}</Notice>}
      <div className={ui.tableWrap}>
        <table className={ui.table}>
          <caption>{t('adjustments.caption', { count: list.data?.total ?? 0 })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('columns.created')}</th>
              <th scope="col">{t('columns.member')}</th>
              <th scope="col" className={ui.num}>
                {t('columns.amount')}
              </th>
              <th scope="col">{t('adjustments.reason')}</th>
              <th scope="col">{t('columns.status')}</th>
              <th scope="col">{t('columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.id}>
                <td>{when(a.proposedAt)}</td>
                <td>
                  <Link to={`/members/${a.memberId}`}>{a.memberPhone ?? a.memberId.slice(0, 8)}</Link>
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
          </tbody>
        </table>
        {list.isSuccess && rows.length === 0 && <p className={ui.empty}>{t('adjustments.empty')}</p>}
      </div>
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
