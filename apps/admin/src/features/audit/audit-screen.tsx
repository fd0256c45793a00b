import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZAuditList, ZAuditVerify, type TAuditEntry } from '@jetton/contract/admin/audit';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { Button } from '@jetton/ui/components/button';
import { TextField } from '@jetton/ui/components/text-field';
import { Notice } from '@admin/components/notice';
import { DataTable } from '@admin/components/data-table';
import ui from '@admin/components/ui.module.css';
import styles from './audit-screen.module.css';
import { adminRequest } from '@admin/lib/admin-api';
import { dayEndIso, dayStartIso, when } from '@admin/lib/display';
import { errorText } from '@admin/lib/error-text';
import { formText } from '@admin/lib/form-text';
import { useOperator } from '@admin/lib/operator';
import { withQuery } from '@admin/lib/query-string';
import { actionName, changeLines } from './audit-text';
import { MemberLink } from '@admin/components/status-filter';

type Filters = { operatorId?: string; memberId?: string; action?: string; from?: string; to?: string; before?: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The append-only audit trail: search by operator, member, action and date; verify the hash chain. */
export function AuditScreen() {
  const { t } = useTranslation();
  const me = useOperator();
  const [filters, setFilters] = useState<Filters>({});
  const list = useQuery({
    queryKey: ['admin', 'audit', filters],
    queryFn: ({ signal }) =>
      adminRequest(withQuery(ADMIN_ROUTES.audit.list.path, { ...filters, limit: 50 }), { schema: ZAuditList, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const verify = useQuery({
    queryKey: ['admin', 'audit-verify'],
    queryFn: ({ signal }) => adminRequest(ADMIN_ROUTES.audit.verify.path, { schema: ZAuditVerify, signal }),
    enabled: false,
    gcTime: 0,
  });

  const apply = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const form = event.currentTarget;
    const id = (name: string): string | undefined => (UUID.test(formText(form, name)) ? formText(form, name) : undefined);
    setFilters({
      operatorId: id('operatorId'),
      memberId: id('memberId'),
      action: formText(form, 'action') || undefined,
      from: dayStartIso(formText(form, 'from')),
      to: dayEndIso(formText(form, 'to')),
    });
  };

  return (
    <div className={ui.stack}>
      <section className={ui.card} aria-labelledby="verify-title">
        <div className={ui.cardHeader}>
          <h2 id="verify-title">{t('audit.chain')}</h2>
          <Button variant="secondary" loading={verify.isFetching} onClick={() => void verify.refetch()}>
            {t('audit.verify')}
          </Button>
        </div>
        {me.permissions.includes('audit.checkpoint') && (
          <p className={ui.small}>
            <a href={ADMIN_ROUTES.audit.checkpoint.path} download>
              {t('audit.checkpoint')}
            </a>{' '}
            <span className={ui.muted}>{t('audit.checkpointHint')}</span>
          </p>
        )}
        <div aria-live="polite">
          {verify.data &&
            (verify.data.ok ? (
              <Notice tone="success">{t('audit.chainOk', { rows: verify.data.rows })}</Notice>
            ) : verify.data.firstBadSeq === null ? (
              <Notice tone="danger">{t('audit.chainUnkeyed', { count: verify.data.unkeyedRows })}</Notice>
            ) : (
              <Notice tone="danger">{t('audit.chainBroken', { seq: verify.data.firstBadSeq })}</Notice>
            ))}
          {verify.error && <Notice tone="danger">{errorText(t, verify.error)}</Notice>}
        </div>
      </section>
      <DataTable
        toolbar={
          <form className={ui.toolbar} onSubmit={apply} aria-label={t('filters.label')}>
            <TextField name="action" label={t('audit.action')} autoComplete="off" />
            <TextField name="operatorId" label={t('audit.operatorId')} autoComplete="off" spellCheck={false} />
            <TextField name="memberId" label={t('audit.memberId')} autoComplete="off" spellCheck={false} />
            <TextField name="from" type="date" label={t('filters.from')} />
            <TextField name="to" type="date" label={t('filters.to')} />
            <Button type="submit" variant="secondary">
              {t('filters.apply')}
            </Button>
          </form>
        }
        error={list.error}
        caption={t('audit.caption')}
        headings={['#', t('audit.at'), t('audit.operator'), t('audit.action'), t('columns.member'), t('audit.change')]}
        isEmpty={list.isSuccess && list.data.entries.length === 0}
        empty={t('audit.empty')}
      >
        {(list.data?.entries ?? []).map((entry) => (
          <AuditRow key={entry.seq} entry={entry} />
        ))}
      </DataTable>
      <div className={ui.rowActions}>
        <Button variant="secondary" disabled={filters.before === undefined} onClick={() => setFilters({ ...filters, before: undefined })}>
          {t('audit.newest')}
        </Button>
        <Button
          variant="secondary"
          disabled={!list.data?.nextBefore}
          onClick={() => setFilters({ ...filters, before: list.data?.nextBefore ?? undefined })}
        >
          {t('audit.older')}
        </Button>
      </div>
    </div>
  );
}

function AuditRow({ entry }: { entry: TAuditEntry }) {
  const { t } = useTranslation();
  const lines = changeLines(t, entry.before, entry.after);
  return (
    <tr>
      <td className={ui.num}>{entry.seq}</td>
      <td>{when(entry.at)}</td>
      <td className={ui.mono}>
        {entry.operatorLogin ?? '–'}
        {entry.ip && <div className={ui.muted}>{entry.ip}</div>}
      </td>
      <td data-action={entry.action}>{actionName(t, entry.action)}</td>
      <td>{entry.memberId ? <MemberLink memberId={entry.memberId} /> : '–'}</td>
      <td>
        {lines.length > 0 && (
          <ul className={styles.changes}>
            {lines.map((line, index) => (
              <li key={index}>
                {line.field && <span className={ui.muted}>{line.field}: </span>}
                {/* The recorded values (reasons, names, amounts) stay as they were written: translate="no". */}
                {line.before !== null && line.after !== null ? (
                  <>
                    <del translate="no">{line.before}</del> → <ins translate="no">{line.after}</ins>
                  </>
                ) : line.after !== null ? (
                  <span translate="no">{line.after}</span>
                ) : (
                  <del translate="no">{line.before}</del>
                )}
              </li>
            ))}
          </ul>
        )}
        {entry.ledgerEntryId && (
          <div>
            {t('audit.ledgerEntry')}: {entry.ledgerEntryId}
          </div>
        )}
      </td>
    </tr>
  );
}
