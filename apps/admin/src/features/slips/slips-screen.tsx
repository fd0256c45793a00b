import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAdminSlip } from '@jetton/contract/admin/money';
import { SLIP_NOTE_CODES } from '@jetton/contract/errors';
import { Button } from '@jetton/ui/components/button';
import { SelectField } from '@jetton/ui/components/select-field';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { ReasonDialog } from '@admin/components/reason-dialog';
import { DataTable } from '@admin/components/data-table';
import { MemberLink, StatusFilter } from '@admin/components/status-filter';
import ui from '@admin/components/ui.module.css';
import { money, when } from '@admin/lib/display';
import { formText } from '@admin/lib/form-text';
import { usePermissions } from '@admin/lib/operator';
import { PAGE_SIZE, useSlipDecision, useSlips } from './slips-api';
import styles from './slips-screen.module.css';

const STATUSES = ['undecided', 'processing', 'success', 'failed', 'all'] as const;

/** Every slip with its image and the verifier's outcome; an undecided one can be credited or failed. */
export function SlipsScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<string>('undecided');
  const [offset, setOffset] = useState(0);
  const list = useSlips(status, offset);
  const [pending, setPending] = useState<{ slip: TAdminSlip; action: 'credit' | 'fail' }>();
  const canDecide = usePermissions().has('slips.decide');
  const rows = list.data?.slips ?? [];
  const total = list.data?.total ?? 0;
  return (
    <div className={ui.stack}>
      <DataTable
        toolbar={
          <StatusFilter
            statuses={STATUSES}
            section="slips"
            value={status}
            onChange={(value) => {
              setStatus(value);
              setOffset(0);
            }}
          />
        }
        error={list.error}
        caption={t('slips.caption', { count: total })}
        headings={[
          t('slips.image'),
          t('columns.created'),
          t('columns.member'),
          { label: t('columns.amount'), numeric: true },
          t('slips.reference'),
          t('columns.status'),
          t('columns.actions'),
        ]}
        isEmpty={list.isSuccess && rows.length === 0}
        empty={t('slips.empty')}
        paging={{ offset, pageSize: PAGE_SIZE, total, onChange: setOffset }}
      >
        {rows.map((slip) => (
          <tr key={slip.id}>
            <td>
              <a href={slip.imageUrl} target="_blank" rel="noreferrer">
                <img
                  className={styles.thumb}
                  src={slip.imageUrl}
                  alt={t('slips.imageAlt', { member: slip.memberPhone ?? '' })}
                  loading="lazy"
                />
              </a>
            </td>
            <td>{when(slip.createdAt)}</td>
            <td>
              <MemberLink memberId={slip.memberId} phone={slip.memberPhone} />
            </td>
            <td className={ui.num}>{slip.amount === null ? '–' : money(slip.amount)}</td>
            <td className={ui.mono}>
              {slip.transRef ?? '–'}
              {slip.sendingBank && <div className={ui.muted}>{slip.sendingBank}</div>}
            </td>
            <td>
              <span className={ui.badge}>{t(`slips.status.${slip.undecided ? 'undecided' : slip.status}`)}</span>
              {slip.note && <div className={ui.muted}>{t(`slipNotes.${slip.note}`)}</div>}
            </td>
            <td>
              {canDecide && slip.undecided && (
                <div className={ui.rowActions}>
                  <Button className={ui.small} onClick={() => setPending({ slip, action: 'credit' })}>
                    {t('slips.credit')}
                  </Button>
                  <Button className={ui.small} variant="secondary" onClick={() => setPending({ slip, action: 'fail' })}>
                    {t('slips.fail')}
                  </Button>
                </div>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      {pending && <SlipDialog slip={pending.slip} action={pending.action} onClose={() => setPending(undefined)} />}
    </div>
  );
}

function SlipDialog({ slip, action, onClose }: { slip: TAdminSlip; action: 'credit' | 'fail'; onClose: () => void }) {
  const { t } = useTranslation();
  const decide = useSlipDecision();
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={t(action === 'credit' ? 'slips.credit' : 'slips.fail')}
      confirmLabel={t(action === 'credit' ? 'slips.credit' : 'slips.fail')}
      confirmVariant={action === 'credit' ? 'primary' : 'secondary'}
      summary={<p className={ui.muted}>{action === 'credit' ? t('slips.creditHelp') : t('slips.failHelp')}</p>}
      onConfirm={async (reason, form) => {
        if (action === 'credit') {
          const transRef = formText(form, 'transRef') || undefined;
          const sendingBank = formText(form, 'sendingBank') || undefined;
          await decide.mutateAsync({ id: slip.id, action, body: { reason, transRef, sendingBank } });
        } else {
          const note = formText(form, 'note') as (typeof SLIP_NOTE_CODES)[number];
          await decide.mutateAsync({ id: slip.id, action, body: { reason, note } });
        }
        showToast(t(action === 'credit' ? 'slips.credited' : 'slips.failed'), 'success');
      }}
    >
      {action === 'credit' ? (
        !slip.transRef && (
          <>
            <TextField name="transRef" label={t('slips.reference')} autoComplete="off" />
            <TextField name="sendingBank" label={t('slips.sendingBank')} autoComplete="off" />
          </>
        )
      ) : (
        <SelectField name="note" label={t('slips.note')} defaultValue={SLIP_NOTE_CODES[0]}>
          {SLIP_NOTE_CODES.map((code) => (
            <option key={code} value={code}>
              {t(`slipNotes.${code}`)}
            </option>
          ))}
        </SelectField>
      )}
    </ReasonDialog>
  );
}
