import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TAdminSlip } from '@jetton/contract/admin/money';
import { SLIP_NOTE_CODES } from '@jetton/contract/errors';
import { Button } from '@jetton/ui/components/button';
import { SelectField } from '@jetton/ui/components/select-field';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { Notice } from '@admin/components/notice';
import { ReasonDialog } from '@admin/components/reason-dialog';
import ui from '@admin/components/ui.module.css';
import { errorText } from '@admin/lib/error-text';
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
      <div className={ui.toolbar}>
        <SelectField
          label={t('filters.status')}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value);
            setOffset(0);
          }}
        >
          {STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`slips.status.${value}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {list.error && <Notice tone="danger">{errorText(t, list.error)}</Notice>}
      <div className={ui.tableWrap}>
        <table className={ui.table}>
          <caption>{t('slips.caption', { count: total })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('slips.image')}</th>
              <th scope="col">{t('columns.created')}</th>
              <th scope="col">{t('columns.member')}</th>
              <th scope="col" className={ui.num}>
                {t('columns.amount')}
              </th>
              <th scope="col">{t('slips.reference')}</th>
              <th scope="col">{t('columns.status')}</th>
              <th scope="col">{t('columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
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
                  <Link to={`/members/${slip.memberId}`}>{slip.memberPhone ?? slip.memberId.slice(0, 8)}</Link>
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
          </tbody>
        </table>
        {list.isSuccess && rows.length === 0 && <p className={ui.empty}>{t('slips.empty')}</p>}
      </div>
      <div className={ui.rowActions}>
        <Button variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
          {t('common.previousPage')}
        </Button>
        <Button variant="secondary" disabled={offset + PAGE_SIZE >= total} onClick={() => setOffset(offset + PAGE_SIZE)}>
          {t('common.nextPage')}
        </Button>
      </div>
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
