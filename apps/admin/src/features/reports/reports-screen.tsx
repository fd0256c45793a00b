import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { addSiteDays, siteDay } from '@jetton/contract/site-time';
import {
  REPORT_NAMES,
  REPORT_ROUTES,
  ZReconciliationResponse,
  ZReportResponses,
  type ReportName,
  type TReportRows,
} from '@jetton/contract/admin/reports';
import { Button } from '@jetton/ui/components/button';
import { SelectField } from '@jetton/ui/components/select-field';
import { TextField } from '@jetton/ui/components/text-field';
import { formatMoney } from '@jetton/ui/lib/format';
import { Notice } from '@admin/components/notice';
import ui from '@admin/components/ui.module.css';
import { adminRequest } from '@admin/lib/admin-api';
import { errorText } from '@admin/lib/error-text';
import { formText } from '@admin/lib/form-text';
import { withQuery } from '@admin/lib/query-string';
import { figureName, textCell } from './figure-name';
import { DayChart, type ChartSeries } from './day-chart';
import { LimitHits } from './limit-hits';
import styles from './reports-screen.module.css';

type Range = { from: string; to: string };
type Currency = 'THB' | 'LAK';
type AnyRow = TReportRows[ReportName];

function daysOf(range: Range): string[] {
  const out: string[] = [];
  for (let day = range.from; day <= range.to && out.length < 400; day = addSiteDays(day, 1)) out.push(day);
  return out;
}

/** A table's columns: the row field, its heading key under reports.col, and how a cell reads. */
type Column = { field: string; kind: 'text' | 'count' | 'money' };
const COLUMNS: Record<ReportName, Column[]> = {
  summary: [
    { field: 'deposits', kind: 'money' },
    { field: 'withdrawalsPaid', kind: 'money' },
    { field: 'netCash', kind: 'money' },
    { field: 'rewardCost', kind: 'money' },
    { field: 'bets', kind: 'money' },
    { field: 'payouts', kind: 'money' },
    { field: 'ggr', kind: 'money' },
    { field: 'ngr', kind: 'money' },
  ],
  deposits: [
    { field: 'channel', kind: 'text' },
    { field: 'count', kind: 'count' },
    { field: 'amount', kind: 'money' },
  ],
  withdrawals: [
    { field: 'requested', kind: 'money' },
    { field: 'requestedCount', kind: 'count' },
    { field: 'paid', kind: 'money' },
    { field: 'paidCount', kind: 'count' },
    { field: 'rejected', kind: 'money' },
    { field: 'rejectedCount', kind: 'count' },
  ],
  rewards: [
    { field: 'kind', kind: 'text' },
    { field: 'credited', kind: 'money' },
    { field: 'takenBack', kind: 'money' },
    { field: 'cost', kind: 'money' },
  ],
  games: [
    { field: 'provider', kind: 'text' },
    { field: 'rounds', kind: 'count' },
    { field: 'players', kind: 'count' },
    { field: 'bets', kind: 'money' },
    { field: 'payouts', kind: 'money' },
    { field: 'ggr', kind: 'money' },
  ],
  members: [
    { field: 'registrations', kind: 'count' },
    { field: 'firstDeposits', kind: 'count' },
    { field: 'activePlayers', kind: 'count' },
  ],
  funnel: [
    { field: 'registered', kind: 'count' },
    { field: 'depositedSameDay', kind: 'count' },
    { field: 'depositedWithin7Days', kind: 'count' },
    { field: 'deposited', kind: 'count' },
  ],
};

/** What each chart draws: fixed fields as lines, or one line per value of a key field (channel, kind, provider). */
const CHARTS: Record<ReportName, { fields: string[] } | { key: string; value: string }> = {
  summary: { fields: ['deposits', 'withdrawalsPaid', 'netCash', 'rewardCost', 'ggr', 'ngr'] },
  deposits: { key: 'channel', value: 'amount' },
  withdrawals: { fields: ['requested', 'paid', 'rejected'] },
  rewards: { key: 'kind', value: 'cost' },
  games: { key: 'provider', value: 'ggr' },
  members: { fields: ['registrations', 'firstDeposits', 'activePlayers'] },
  funnel: { fields: ['registered', 'depositedSameDay', 'depositedWithin7Days', 'deposited'] },
};

const cell = (row: AnyRow, field: string): string | number => (row as Record<string, string | number>)[field] ?? '';

/** Reports by Bangkok day (docs/reports.md): a range, a currency, each report as a chart and a table, CSV, and the ledger check. */
export function ReportsScreen() {
  const { t } = useTranslation();
  // The last 30 closed Bangkok days (to yesterday), fixed when the screen opens: closed days read the
  // daily rollups; today is computed live from the postings, so the operator adds it by choosing it.
  const [range, setRange] = useState<Range>(() => {
    const yesterday = addSiteDays(siteDay(Date.now()), -1);
    return { from: addSiteDays(yesterday, -29), to: yesterday };
  });
  const [currency, setCurrency] = useState<Currency>('THB');
  const [formError, setFormError] = useState<string | undefined>();

  const apply = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const form = event.currentTarget;
    const from = formText(form, 'from');
    const to = formText(form, 'to');
    const valid = /^\d{4}-\d{2}-\d{2}$/;
    if (!valid.test(from) || !valid.test(to) || from > to || daysOf({ from, to }).length >= 400) {
      setFormError(t('reports.rangeInvalid'));
      return;
    }
    setFormError(undefined);
    setRange({ from, to });
    setCurrency(formText(form, 'currency') === 'LAK' ? 'LAK' : 'THB');
  };

  return (
    <div className={ui.stack}>
      <form className={ui.toolbar} onSubmit={apply} aria-label={t('reports.rangeLabel')}>
        <TextField name="from" type="date" label={t('filters.from')} defaultValue={range.from} required />
        <TextField name="to" type="date" label={t('filters.to')} defaultValue={range.to} required />
        <SelectField name="currency" label={t('reports.currency')} defaultValue={currency}>
          <option value="THB">THB</option>
          <option value="LAK">LAK</option>
        </SelectField>
        <Button type="submit" variant="secondary">
          {t('reports.show')}
        </Button>
      </form>
      <div aria-live="polite">{formError && <Notice tone="danger">{formError}</Notice>}</div>
      <p className={ui.muted}>{t('reports.rangeShown', { from: range.from, to: range.to, currency })}</p>
      <Reconciliation range={range} />
      {REPORT_NAMES.map((name) => (
        <ReportSection key={name} name={name} range={range} currency={currency} />
      ))}
      <LimitHits />
    </div>
  );
}

function Reconciliation({ range }: { range: Range }) {
  const { t } = useTranslation();
  const check = useQuery({
    queryKey: ['admin', 'reports', 'reconciliation', range],
    queryFn: ({ signal }) =>
      adminRequest(withQuery(REPORT_ROUTES.reconciliation, range), { schema: ZReconciliationResponse, signal, timeoutMs: 60_000 }),
    staleTime: 0,
  });
  const wrong = check.data?.lines.filter((line) => !line.ok) ?? [];
  return (
    <section
      className={`${ui.card} ${styles.check}`}
      data-ok={check.data ? String(check.data.ok) : undefined}
      aria-labelledby="check-title"
    >
      <h2 id="check-title">{t('reports.check')}</h2>
      <div aria-live="polite">
        {check.isPending && <p className={ui.muted}>{t('common.loading')}</p>}
        {check.error && <Notice tone="danger">{errorText(t, check.error)}</Notice>}
        {check.data?.ok && <Notice tone="success">{t('reports.checkOk', { lines: check.data.lines.length })}</Notice>}
        {check.data && !check.data.ok && <Notice tone="danger">{t('reports.checkFailed', { lines: wrong.length })}</Notice>}
      </div>
      {check.data && (
        <details>
          <summary>{t('reports.checkDetails')}</summary>
          <div className={ui.tableWrap} role="region" tabIndex={0} aria-label={t('reports.checkCaption')}>
            <table className={ui.table}>
              <caption>{t('reports.checkCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('reports.scope')}</th>
                  <th scope="col">{t('reports.currency')}</th>
                  <th scope="col">{t('reports.figure')}</th>
                  <th scope="col" className={ui.num}>
                    {t('reports.reportTotal')}
                  </th>
                  <th scope="col" className={ui.num}>
                    {t('reports.ledgerTotal')}
                  </th>
                  <th scope="col">{t('reports.equal')}</th>
                </tr>
              </thead>
              <tbody>
                {check.data.lines.map((line) => (
                  <tr key={`${line.scope}|${line.currency}|${line.figure}`}>
                    <td>{t(`reports.scopes.${line.scope}`)}</td>
                    <td>{line.currency}</td>
                    <th scope="row">{figureName(t, line.figure)}</th>
                    <td className={ui.num}>{formatMoney(Number(line.report))}</td>
                    <td className={ui.num}>{formatMoney(Number(line.ledger))}</td>
                    <td>{line.ok ? t('reports.yes') : t('reports.no')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </section>
  );
}

function ReportSection({ name, range, currency }: { name: ReportName; range: Range; currency: Currency }) {
  const { t, i18n } = useTranslation();
  const report = useQuery({
    queryKey: ['admin', 'reports', name, range],
    queryFn: ({ signal }) =>
      adminRequest(withQuery(REPORT_ROUTES.report(name), range), {
        schema: ZReportResponses[name] as typeof ZReportResponses.summary,
        signal,
        timeoutMs: 30_000,
      }),
    staleTime: 60_000,
  });
  const rows = useMemo(() => ((report.data?.rows ?? []) as AnyRow[]).filter((row) => row.currency === currency), [report.data, currency]);
  const days = useMemo(() => daysOf(range), [range]);
  const series = useMemo(() => chartSeries(name, rows, days, (field) => t(`reports.col.${field}`)), [name, rows, days, t]);
  const lang = ['th', 'la', 'en'].includes(i18n.language) ? i18n.language : 'th';
  const title = t(`reports.names.${name}`);
  const columns = COLUMNS[name];
  return (
    <section className={ui.card} aria-labelledby={`report-${name}`}>
      <div className={ui.cardHeader}>
        <h2 id={`report-${name}`}>{title}</h2>
        <a
          className={ui.small}
          href={withQuery(REPORT_ROUTES.csv(name), { ...range, lang })}
          download={`${name}-${range.from}-${range.to}.csv`}
        >
          {t('reports.csv', { name: title })}
        </a>
      </div>
      {report.error && <Notice tone="danger">{errorText(t, report.error)}</Notice>}
      {report.isPending && <p className={ui.muted}>{t('common.loading')}</p>}
      {report.data && (
        <div className={styles.pair}>
          <DayChart
            days={days}
            series={series}
            label={t('reports.chartLabel', { name: title, currency, from: range.from, to: range.to })}
          />
          {/* Scrolls when wide or long: focusable, so a keyboard can scroll it too. */}
          <div
            className={`${ui.tableWrap} ${styles.tableBox}`}
            role="region"
            tabIndex={0}
            aria-label={t('reports.tableCaption', { name: title, currency })}
          >
            <table className={`${ui.table} ${styles.table}`}>
              <caption>{t('reports.tableCaption', { name: title, currency })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t(name === 'funnel' ? 'reports.col.registrationDay' : 'reports.col.day')}</th>
                  {columns.map((c) => (
                    <th key={c.field} scope="col" className={c.kind === 'text' ? undefined : ui.num}>
                      {t(`reports.col.${c.field}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, i) => (
                  <tr key={`${row.day}|${i}`}>
                    <th scope="row">
                      <time dateTime={row.day}>{row.day}</time>
                    </th>
                    {columns.map((c) => (
                      <td key={c.field} className={c.kind === 'text' ? undefined : ui.num}>
                        {c.kind === 'money' ? formatMoney(Number(cell(row, c.field))) : textCell(t, c.field, cell(row, c.field))}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            {rows.length === 0 && <p className={ui.empty}>{t('reports.empty')}</p>}
          </div>
        </div>
      )}
    </section>
  );
}

/** The chart's lines for one currency, one point per day of the range (0 where a day has no row). */
function chartSeries(name: ReportName, rows: AnyRow[], days: string[], label: (field: string) => string): ChartSeries[] {
  const index = new Map(days.map((day, i) => [day, i]));
  const chart = CHARTS[name];
  if ('fields' in chart) {
    return chart.fields.map((field) => {
      const values = days.map(() => 0);
      for (const row of rows) {
        const i = index.get(row.day);
        if (i !== undefined) values[i] = (values[i] ?? 0) + Number(cell(row, field));
      }
      return { label: label(field), values };
    });
  }
  const lines = new Map<string, number[]>();
  for (const row of rows) {
    const key = String(cell(row, chart.key));
    const values = lines.get(key) ?? days.map(() => 0);
    const i = index.get(row.day);
    if (i !== undefined) values[i] = (values[i] ?? 0) + Number(cell(row, chart.value));
    lines.set(key, values);
  }
  return [...lines].sort(([a], [b]) => a.localeCompare(b)).map(([key, values]) => ({ label: key, values }));
}
