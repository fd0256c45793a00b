import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMemberDetail } from '@jetton/contract/admin/members';
import type { TStatementChannel } from '@jetton/contract/wallet';
import { Button } from '@jetton/ui/components/button';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { formatAccountNumber } from '@jetton/ui/lib/format';
import { localName } from '@jetton/ui/lib/local-name';
import { translateError } from '@jetton/ui/lib/translate-error';
import { useBanks } from '@jetton/ui/lib/use-banks';
import ui from '@admin/components/ui.module.css';
import { money, when } from '@admin/lib/display';
import { STATEMENT_PAGE_SIZE, useMemberStatement } from './members-api';

/** A statement line's status as the member site groups it: SUCCESS and FAILED are final, anything else is in progress. */
const lineStatus = (status: string) => (status === 'SUCCESS' ? 'success' : status === 'FAILED' ? 'failed' : 'progress');

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
              [t(`slips.status.${s.status}`, { defaultValue: s.status }), s.note ? translateError(t, s.note) : '']
                .filter(Boolean)
                .join(' · '),
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
              [t(`withdrawals.status.${w.status}`, { defaultValue: w.status }), w.note ? translateError(t, w.note) : '']
                .filter(Boolean)
                .join(' · '),
            ])}
          />
        )}
        {tab === 'deposits' && (
          <Rows
            headers={[t('columns.created'), t('columns.amount'), t('members.channel'), t('columns.status')]}
            rows={detail.deposits.map((d) => [
              when(d.createdAt),
              money(d.amount),
              [t(`statement.channel.${d.channel}`), d.provider ?? ''].filter(Boolean).join(' · '),
              t(`members.depositStatus.${d.status}`, { defaultValue: d.status }),
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
  const locale = useLocale();
  const banks = useBanks();
  const bankName = (code: string) => {
    const bank = banks.data?.find((b) => b.code === code);
    return bank ? localName(bank, locale) : code;
  };
  // How the money moved, in the operator's language: a payout names the bank and the end of the account number.
  const channelText = (channel: TStatementChannel): string => {
    switch (channel.kind) {
      case 'payout':
        return t('statement.channel.payout', { account: [bankName(channel.bankCode), `··${channel.accountEnd}`].join(' ') });
      case 'reward':
        return [t(`statement.reward.${channel.reward}`), channel.code ?? ''].filter(Boolean).join(' · ');
      case 'qr':
        return [t('statement.channel.qr'), channel.provider ?? ''].filter(Boolean).join(' · ');
      case 'slip':
      case 'giftlink':
      case 'manual':
        return t(`statement.channel.${channel.kind}`);
    }
  };
  const pages = Math.max(1, Math.ceil((statement.data?.total ?? 0) / STATEMENT_PAGE_SIZE));
  return (
    <>
      <Rows
        headers={[t('columns.created'), t('members.statementType'), t('columns.amount'), t('columns.status')]}
        rows={lines.map((line) => [
          when(line.createdAt),
          [t(`statement.types.${line.statementType}`), line.channel ? channelText(line.channel) : '', line.description ?? '']
            .filter(Boolean)
            .join(' · '),
          money(line.amount, currency),
          t(`statement.status.${lineStatus(line.status)}`),
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
