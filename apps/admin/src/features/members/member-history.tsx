import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMemberDetail } from '@jetton/contract/admin/members';
import { Button } from '@jetton/ui/components/button';
import { formatAccountNumber } from '@jetton/ui/lib/format';
import ui from '@admin/components/ui.module.css';
import { money, when } from '@admin/lib/display';
import { STATEMENT_PAGE_SIZE, useMemberStatement } from './members-api';

const TABS = ['statement', 'slips', 'withdrawals', 'deposits', 'sessions'] as const;
type Tab = (typeof TABS)[number];

/** The member's history, one table at a time. */
export function MemberHistory({ detail }: { detail: TMemberDetail }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('statement');
  return (
    <section className={ui.card} aria-labelledby="history-title">
      <h2 id="history-title">{t('members.history')}</h2>
      <div role="tablist" className={ui.tabs} aria-labelledby="history-title">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-controls={`panel-${name}`}
            aria-selected={tab === name}
            className={ui.tab}
            onClick={() => setTab(name)}
          >
            {t(`members.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className={ui.tableWrap}>
        {tab === 'statement' && <Statement memberId={detail.member.id} currency={detail.member.currency} />}
        {tab === 'slips' && (
          <Rows
            headers={[t('columns.created'), t('columns.amount'), t('slips.reference'), t('columns.status')]}
            rows={detail.slips.map((s) => [
              when(s.createdAt),
              s.amount === null ? '–' : money(s.amount),
              s.transRef ?? '–',
              s.note ? `${s.status} · ${s.note}` : s.status,
            ])}
          />
        )}
        {tab === 'withdrawals' && (
          <Rows
            headers={[t('columns.created'), t('columns.amount'), t('columns.bank'), t('columns.status')]}
            rows={detail.withdrawals.map((w) => [
              when(w.createdAt),
              money(w.amount),
              formatAccountNumber(w.bankAccountNo),
              w.note ? `${w.status} · ${w.note}` : w.status,
            ])}
          />
        )}
        {tab === 'deposits' && (
          <Rows
            headers={[t('columns.created'), t('columns.amount'), t('members.channel'), t('columns.status')]}
            rows={detail.deposits.map((d) => [
              when(d.createdAt),
              money(d.amount),
              d.provider ? `${d.channel} · ${d.provider}` : d.channel,
              d.status,
            ])}
          />
        )}
        {tab === 'sessions' && (
          <Rows
            headers={[t('members.sessionStarted'), t('members.sessionExpires'), t('members.sessionRevoked')]}
            rows={detail.sessions.map((s) => [when(s.createdAt), when(s.expiresAt), when(s.revokedAt)])}
          />
        )}
      </div>
    </section>
  );
}

function Rows({ headers, rows }: { headers: string[]; rows: string[][] }) {
  const { t } = useTranslation();
  return (
    <>
      <table className={ui.table}>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, index) => (
            <tr key={index}>
              {cells.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className={ui.empty}>{t('members.noHistory')}</p>}
    </>
  );
}

function Statement({ memberId, currency }: { memberId: string; currency: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const statement = useMemberStatement(memberId, page);
  const lines = statement.data?.statements ?? [];
  const pages = Math.max(1, Math.ceil((statement.data?.total ?? 0) / STATEMENT_PAGE_SIZE));
  return (
    <>
      <Rows
        headers={[t('columns.created'), t('members.statementType'), t('columns.amount'), t('columns.status')]}
        rows={lines.map((line) => [
          when(line.createdAt),
          [
            t(`statement.types.${line.statementType}`),
            line.channel ? t(`statement.channel.${line.channel.kind}`) : '',
            line.description ?? '',
          ]
            .filter(Boolean)
            .join(' · '),
          money(line.amount, currency),
          line.status,
        ])}
      />
      {pages > 1 && (
        <div className={ui.rowActions}>
          <Button className={ui.small} variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('common.previousPage')}
          </Button>
          <span className={ui.muted}>{t('common.pageOf', { page, total: pages })}</span>
          <Button className={ui.small} variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('common.nextPage')}
          </Button>
        </div>
      )}
    </>
  );
}
