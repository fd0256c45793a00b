import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ZDashboard, type TDashboardDay, type TDashboardQueues } from '@jetton/contract/admin/dashboard';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { Notice } from '@admin/components/notice';
import ui from '@admin/components/ui.module.css';
import { adminRequest } from '@admin/lib/admin-api';
import { DASHBOARD_REFRESH_MS } from '@admin/lib/admin-constants';
import { money, when } from '@admin/lib/display';
import { errorText } from '@admin/lib/error-text';
import styles from './dashboard-screen.module.css';
import { HealthPanel } from './health-panel';

type DayFigures = Omit<TDashboardDay, 'day'>;

/** Each queue waiting for a person, with the screen that works it off. */
const QUEUES: { key: keyof TDashboardQueues; to: string }[] = [
  { key: 'withdrawalsReview', to: '/withdrawals' },
  { key: 'withdrawalProposals', to: '/withdrawals' },
  { key: 'payoutsHeld', to: '/withdrawals' },
  { key: 'payoutFindings', to: '/withdrawals' },
  { key: 'slipsUndecided', to: '/slips' },
  { key: 'slipsProcessing', to: '/slips' },
  { key: 'depositNotices', to: '/deposit-notices' },
  { key: 'adjustmentsPending', to: '/adjustments' },
];

/** Today and the last 7 days, the queues, the reconciliation backlog and the health figures, read again every 30 s. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const dashboard = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => adminRequest(ADMIN_ROUTES.dashboard.summary.path, { schema: ZDashboard, signal }),
    refetchInterval: DASHBOARD_REFRESH_MS,
    staleTime: 0,
  });
  if (dashboard.error) return <Notice tone="danger">{errorText(t, dashboard.error)}</Notice>;
  const data = dashboard.data;
  if (!data) return <p className={ui.muted}>{t('common.loading')}</p>;
  const today = data.days[0];
  return (
    <div className={ui.stack}>
      <p className={ui.muted} aria-live="polite">
        {t('dashboard.updated', { at: when(data.at) })}
      </p>
      <section aria-labelledby="queues-title" className={ui.stack}>
        <h2 id="queues-title">{t('dashboard.queues')}</h2>
        <ul className={styles.tiles}>
          {QUEUES.map(({ key, to }) => (
            <li key={key}>
              <Link to={to} className={styles.tile} data-busy={data.queues[key] > 0 || undefined}>
                <span className={styles.figure}>{data.queues[key]}</span>
                <span>{t(`dashboard.queue.${key}`)}</span>
              </Link>
            </li>
          ))}
          <li>
            <Link to="/transfers" className={styles.tile} data-busy={data.reconciliation.pendingTransfers > 0 || undefined}>
              <span className={styles.figure}>{data.reconciliation.pendingTransfers}</span>
              <span>{t('dashboard.pendingTransfers')}</span>
              {data.reconciliation.oldestPendingAt && (
                <span className={ui.muted}>{t('dashboard.oldest', { at: when(data.reconciliation.oldestPendingAt) })}</span>
              )}
            </Link>
          </li>
          <li>
            <Link to="/incoming-deposits" className={styles.tile} data-busy={data.autoDeposit.waiting > 0 || undefined}>
              <span className={styles.figure}>{data.autoDeposit.waiting}</span>
              <span>{t('dashboard.autoDeposit.waiting')}</span>
              {data.autoDeposit.oldestWaitingAt && (
                <span className={ui.muted}>{t('dashboard.oldest', { at: when(data.autoDeposit.oldestWaitingAt) })}</span>
              )}
              <span className={ui.muted}>
                {t('dashboard.autoDeposit.details', {
                  unparsed: data.autoDeposit.unparsed,
                  lag: data.autoDeposit.pollLagSeconds,
                })}
              </span>
            </Link>
          </li>
        </ul>
      </section>
      <HealthPanel />
      <div className={ui.grid}>
        {today && <Figures title={t('dashboard.today')} figures={today} />}
        <Figures title={t('dashboard.week')} figures={data.week} />
      </div>
      <section aria-labelledby="days-title" className={ui.stack}>
        <h2 id="days-title">{t('dashboard.byDay')}</h2>
        {/* Focusable: on a phone the table scrolls sideways, and a keyboard must reach it (axe, scrollable-region-focusable). */}
        <div className={ui.tableWrap} role="region" tabIndex={0} aria-labelledby="days-title">
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.day')}</th>
                <th scope="col" className={ui.num}>
                  {t('dashboard.deposits')}
                </th>
                <th scope="col" className={ui.num}>
                  {t('dashboard.withdrawals')}
                </th>
                <th scope="col" className={ui.num}>
                  {t('dashboard.paid')}
                </th>
                <th scope="col" className={ui.num}>
                  {t('dashboard.newMembers')}
                </th>
                <th scope="col" className={ui.num}>
                  {t('dashboard.firstDeposits')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.days.map((day) => (
                <tr key={day.day}>
                  <th scope="row" className={styles.day}>
                    {day.day}
                  </th>
                  <td className={ui.num}>{moneyCount(day.deposits)}</td>
                  <td className={ui.num}>{moneyCount(day.withdrawals)}</td>
                  <td className={ui.num}>{moneyCount(day.paid)}</td>
                  <td className={ui.num}>{day.newMembers}</td>
                  <td className={ui.num}>{day.firstDeposits}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

type ByCurrency = DayFigures['deposits'];

/** THB and LAK are never added together: each shows on its own line when it has any. */
function moneyCount(figures: ByCurrency): string {
  const parts = (['THB', 'LAK'] as const)
    .filter((c) => figures[c].count > 0)
    .map((c) => `${figures[c].count} · ${money(figures[c].amount, c)}`);
  return parts.length > 0 ? parts.join(' / ') : '0';
}

function Figures({ title, figures }: { title: string; figures: DayFigures }) {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-label={title}>
      <h2>{title}</h2>
      <dl className={ui.dl}>
        <dt>{t('dashboard.deposits')}</dt>
        <dd className={ui.num}>{moneyCount(figures.deposits)}</dd>
        <dt>{t('dashboard.withdrawals')}</dt>
        <dd className={ui.num}>{moneyCount(figures.withdrawals)}</dd>
        <dt>{t('dashboard.paid')}</dt>
        <dd className={ui.num}>{moneyCount(figures.paid)}</dd>
        <dt>{t('dashboard.newMembers')}</dt>
        <dd className={ui.num}>{figures.newMembers}</dd>
        <dt>{t('dashboard.firstDeposits')}</dt>
        <dd className={ui.num}>{figures.firstDeposits}</dd>
      </dl>
    </section>
  );
}
