import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_STATES, type TAdminWithdrawal } from '@jetton/contract/admin/money';
import { Button } from '@jetton/ui/components/button';
import { SelectField } from '@jetton/ui/components/select-field';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { formatAccountNumber } from '@jetton/ui/lib/format';
import { ReasonDialog } from '@admin/components/reason-dialog';
import { DataTable } from '@admin/components/data-table';
import { MemberLink } from '@admin/components/status-filter';
import ui from '@admin/components/ui.module.css';
import { dayEndIso, dayStartIso, money, when } from '@admin/lib/display';
import { formText } from '@admin/lib/form-text';
import { useOperator } from '@admin/lib/operator';
import { PAGE_SIZE, useSettlePayout, useWithdrawalDecision, useWithdrawals, type WithdrawalFilters } from './withdrawals-api';

const STATUSES = ['pending', 'held', ...WITHDRAWAL_STATES, 'all'] as const;

type Pending = { withdrawal: TAdminWithdrawal; action: 'approve' | 'confirm' | 'reject' | 'settle' };

/** The withdrawal queue: pending first, filters, approve / confirm / reject (docs/operators.md, "The admin app"). */
export function WithdrawalsScreen() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<WithdrawalFilters>({ status: 'pending', minAmount: '', maxAmount: '', offset: 0 });
  const list = useWithdrawals(filters);
  const [pending, setPending] = useState<Pending>();

  const applyFilters = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const form = event.currentTarget;
    setFilters({
      status: formText(form, 'status') || 'pending',
      minAmount: formText(form, 'minAmount'),
      maxAmount: formText(form, 'maxAmount'),
      from: dayStartIso(formText(form, 'from')),
      to: dayEndIso(formText(form, 'to')),
      offset: 0,
    });
  };

  const rows = list.data?.withdrawals ?? [];
  const total = list.data?.total ?? 0;
  return (
    <div className={ui.stack}>
      <DataTable
        toolbar={
          <form className={ui.toolbar} onSubmit={applyFilters} aria-label={t('filters.label')}>
            <SelectField name="status" label={t('filters.status')} defaultValue={filters.status}>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`withdrawals.status.${status}`)}
                </option>
              ))}
            </SelectField>
            <TextField name="minAmount" label={t('filters.minAmount')} inputMode="decimal" />
            <TextField name="maxAmount" label={t('filters.maxAmount')} inputMode="decimal" />
            <TextField name="from" type="date" label={t('filters.from')} />
            <TextField name="to" type="date" label={t('filters.to')} />
            <Button type="submit" variant="secondary">
              {t('filters.apply')}
            </Button>
          </form>
        }
        error={list.error}
        caption={t('withdrawals.caption', { count: total })}
        headings={[
          t('columns.created'),
          t('columns.member'),
          { label: t('columns.amount'), numeric: true },
          t('columns.bank'),
          t('columns.status'),
          t('columns.actions'),
        ]}
        isEmpty={list.isSuccess && rows.length === 0}
        empty={t('withdrawals.empty')}
        paging={{ offset: filters.offset, pageSize: PAGE_SIZE, total, onChange: (offset) => setFilters({ ...filters, offset }) }}
      >
        {rows.map((withdrawal) => (
          <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} onAction={(action) => setPending({ withdrawal, action })} />
        ))}
      </DataTable>
      {pending && pending.action !== 'settle' && <DecisionDialog pending={pending} onClose={() => setPending(undefined)} />}
      {pending?.action === 'settle' && <SettleDialog withdrawal={pending.withdrawal} onClose={() => setPending(undefined)} />}
    </div>
  );
}

function WithdrawalRow({ withdrawal: w, onAction }: { withdrawal: TAdminWithdrawal; onAction: (action: Pending['action']) => void }) {
  const { t } = useTranslation();
  const me = useOperator();
  const can = (permission: string): boolean => me.permissions.includes(permission);
  const inReview = w.state === 'review';
  const mine = w.proposal?.proposedBy === me.id;
  return (
    <tr>
      <td>{when(w.createdAt)}</td>
      <td>
        <MemberLink memberId={w.memberId} phone={w.memberPhone} />
        {w.memberName && <div className={ui.muted}>{w.memberName}</div>}
      </td>
      <td className={ui.num}>{money(w.amount, w.currency)}</td>
      <td>
        {w.bankCode} {formatAccountNumber(w.bankAccountNo)}
        <div className={ui.muted}>{w.bankAccountName}</div>
      </td>
      <td>
        <span className={ui.badge}>{t(`withdrawals.status.${w.state}`)}</span>{' '}
        {w.fourEyes && <span className={`${ui.badge} ${ui.badgeAccent}`}>{t('withdrawals.fourEyes')}</span>}{' '}
        {w.held && <span className={`${ui.badge} ${ui.badgeDanger}`}>{t('withdrawals.held')}</span>}
        {w.proposal && (
          <div className={ui.muted}>
            {t('withdrawals.proposedBy', { login: w.proposal.proposedByLogin ?? '?', at: when(w.proposal.proposedAt) })}
          </div>
        )}
        {w.reason && <div className={ui.muted}>{w.reason}</div>}
      </td>
      <td>
        <div className={ui.rowActions}>
          {inReview && !w.proposal && can('withdrawals.approve') && (
            <Button className={ui.small} onClick={() => onAction('approve')}>
              {w.fourEyes ? t('withdrawals.propose') : t('withdrawals.approve')}
            </Button>
          )}
          {inReview && w.proposal && !mine && can('withdrawals.confirm') && (
            <Button className={ui.small} onClick={() => onAction('confirm')}>
              {t('withdrawals.confirm')}
            </Button>
          )}
          {inReview && mine && <span className={ui.muted}>{t('withdrawals.waitingChecker')}</span>}
          {w.held && can('payouts.settle') && (
            <Button className={ui.small} variant="secondary" onClick={() => onAction('settle')}>
              {t('withdrawals.settle')}
            </Button>
          )}
          {inReview && can('withdrawals.reject') && (
            <Button className={ui.small} variant="secondary" onClick={() => onAction('reject')}>
              {t('withdrawals.reject')}
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}

const SETTLE_OUTCOMES = ['paid', 'failed', 'retry'] as const;

/** A held payout (outcome unknown at the bank) settled by a person after looking at the bank. */
function SettleDialog({ withdrawal: w, onClose }: { withdrawal: TAdminWithdrawal; onClose: () => void }) {
  const { t } = useTranslation();
  const settle = useSettlePayout();
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={t('withdrawals.settle')}
      confirmLabel={t('withdrawals.settle')}
      summary={
        <p>
          {money(w.amount, w.currency)} · {w.note ?? ''}
        </p>
      }
      onConfirm={async (reason, form) => {
        const outcome = SETTLE_OUTCOMES.find((value) => value === formText(form, 'outcome')) ?? 'retry';
        await settle.mutateAsync({ id: w.id, body: { outcome, reason } });
        showToast(t('withdrawals.settled'), 'success');
      }}
    >
      <SelectField name="outcome" label={t('withdrawals.settleOutcome')} defaultValue="retry">
        {SETTLE_OUTCOMES.map((outcome) => (
          <option key={outcome} value={outcome}>
            {t(`withdrawals.settleOutcomes.${outcome}`)}
          </option>
        ))}
      </SelectField>
    </ReasonDialog>
  );
}

function DecisionDialog({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const { t } = useTranslation();
  const decide = useWithdrawalDecision();
  const { withdrawal: w } = pending;
  const action = pending.action === 'settle' ? 'approve' : pending.action;
  const title = action === 'approve' && w.fourEyes ? t('withdrawals.propose') : t(`withdrawals.${action}`);
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={title}
      reason={action === 'reject' ? 'required' : 'none'}
      confirmLabel={title}
      confirmVariant={action === 'reject' ? 'secondary' : 'primary'}
      summary={
        <dl className={ui.dl}>
          <dt>{t('columns.member')}</dt>
          <dd>{w.memberPhone ?? w.memberId}</dd>
          <dt>{t('columns.amount')}</dt>
          <dd>{money(w.amount, w.currency)}</dd>
          <dt>{t('columns.bank')}</dt>
          <dd>
            {w.bankCode} {formatAccountNumber(w.bankAccountNo)} · {w.bankAccountName}
          </dd>
        </dl>
      }
      onConfirm={async (reason) => {
        const result = await decide.mutateAsync({ id: w.id, action, reason });
        showToast(t(`withdrawals.outcome.${result.outcome}`), 'success');
      }}
    />
  );
}
