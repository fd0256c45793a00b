import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { HEALTH_ALERT_THRESHOLDS as LIMIT, ZAdminHealth, type THealthJob } from '@jetton/contract/admin/health';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { Notice } from '@admin/components/notice';
import ui from '@admin/components/ui.module.css';
import { adminRequest } from '@admin/lib/admin-api';
import { DASHBOARD_REFRESH_MS } from '@admin/lib/admin-constants';
import { when } from '@admin/lib/display';
import { errorText } from '@admin/lib/error-text';
import styles from './dashboard-screen.module.css';

type T = ReturnType<typeof useTranslation>['t'];

/** An age in seconds as people read it: seconds, minutes, or hours and minutes. */
function age(t: T, seconds: number): string {
  const s = Math.floor(seconds);
  if (s < 60) return t('dashboard.health.seconds', { n: s });
  if (s < 3600) return t('dashboard.health.minutes', { n: Math.floor(s / 60) });
  return t('dashboard.health.hours', { hours: Math.floor(s / 3600), minutes: Math.floor((s % 3600) / 60) });
}

/** One figure; past its alert rule's threshold it says so in words, not colour alone. */
function Tile({ title, figure, alert, children }: { title: string; figure: ReactNode; alert?: string | false; children?: ReactNode }) {
  return (
    <li className={styles.tile} data-alert={alert ? true : undefined}>
      <span className={styles.figure}>{figure}</span>
      <span>{title}</span>
      {children}
      {alert && <span className={styles.alert}>{alert}</span>}
    </li>
  );
}

function JobTile({ job }: { job: THealthJob }) {
  const { t } = useTranslation();
  const failing = job.consecutiveFailures >= LIMIT.jobConsecutiveFailures;
  return (
    <li className={styles.tile} data-alert={failing || undefined}>
      <h4 className={styles.jobName}>{t(`dashboard.health.jobNames.${job.name}`, { defaultValue: job.name })}</h4>
      <dl className={ui.dl}>
        <dt>{t('dashboard.health.runs')}</dt>
        <dd className={ui.num}>{job.runs}</dd>
        <dt>{t('dashboard.health.failures')}</dt>
        <dd className={ui.num}>{job.failures}</dd>
        <dt>{t('dashboard.health.inARow')}</dt>
        <dd className={ui.num}>{job.consecutiveFailures}</dd>
        <dt>{t('dashboard.health.lastFailure')}</dt>
        <dd>{when(job.lastFailureAt)}</dd>
      </dl>
      {failing && <span className={styles.alert}>{t('dashboard.health.jobAlert', { n: LIMIT.jobConsecutiveFailures })}</span>}
    </li>
  );
}

/**
 * The figures /metrics exports, read from the same series (docs/operations.md, "The dashboard's
 * health panel"), marked where the alert rules (deploy/alerts.yml) would fire.
 */
export function HealthPanel() {
  const { t } = useTranslation();
  const health = useQuery({
    queryKey: ['admin', 'dashboard', 'health'],
    queryFn: ({ signal }) => adminRequest(ADMIN_ROUTES.dashboard.health.path, { schema: ZAdminHealth, signal }),
    refetchInterval: DASHBOARD_REFRESH_MS,
    staleTime: 0,
  });
  const data = health.data;
  const share = data && data.requests.total > 0 ? data.requests.serverErrors / data.requests.total : 0;
  return (
    <section aria-labelledby="health-title" className={ui.stack}>
      <h2 id="health-title">{t('dashboard.health.title')}</h2>
      {health.error ? (
        <Notice tone="danger">{errorText(t, health.error)}</Notice>
      ) : !data ? (
        <p className={ui.muted}>{t('common.loading')}</p>
      ) : (
        <>
          <p className={ui.muted}>{t('dashboard.health.scope')}</p>
          <ul className={styles.tiles} aria-label={t('dashboard.health.title')}>
            {data.queues ? (
              <>
                <Tile
                  title={t('dashboard.health.unknownTransfers')}
                  figure={data.queues.unknownTransfers}
                  alert={
                    data.queues.oldestUnknownTransferAgeSeconds > LIMIT.unknownTransferAgeSeconds &&
                    t('dashboard.health.overAlert', { limit: age(t, LIMIT.unknownTransferAgeSeconds) })
                  }
                >
                  <span className={ui.muted}>
                    {t('dashboard.health.oldestAge', { age: age(t, data.queues.oldestUnknownTransferAgeSeconds) })}
                  </span>
                </Tile>
                <Tile
                  title={t('dashboard.health.payoutQueue')}
                  figure={data.queues.payoutQueue}
                  alert={
                    data.queues.oldestPayoutAgeSeconds > LIMIT.payoutAgeSeconds &&
                    t('dashboard.health.overAlert', { limit: age(t, LIMIT.payoutAgeSeconds) })
                  }
                >
                  <span className={ui.muted}>{t('dashboard.health.oldestAge', { age: age(t, data.queues.oldestPayoutAgeSeconds) })}</span>
                </Tile>
              </>
            ) : (
              <Tile title={t('dashboard.health.queuesUnread')} figure="–" alert={t('dashboard.health.down')} />
            )}
            <Tile title={t('dashboard.health.pool')} figure={data.database.poolInUse}>
              <span className={ui.muted}>{t('dashboard.health.poolWaiting', { n: data.database.poolWaiting })}</span>
            </Tile>
            <Tile
              title={t('dashboard.health.redis')}
              figure={
                !data.redisConfigured
                  ? t('dashboard.health.notConfigured')
                  : data.redisUp
                    ? t('dashboard.health.up')
                    : t('dashboard.health.down')
              }
              alert={data.redisConfigured && !data.redisUp && t('dashboard.health.down')}
            />
            <Tile
              title={t('dashboard.health.node')}
              figure={data.healthUp ? t('dashboard.health.up') : t('dashboard.health.down')}
              alert={!data.healthUp && t('dashboard.health.down')}
            />
            <Tile
              title={t('dashboard.health.requests', { since: when(data.requests.since) })}
              figure={`${(share * 100).toFixed(2)} %`}
              alert={share > LIMIT.serverErrorShare && t('dashboard.health.errorAlert', { limit: `${LIMIT.serverErrorShare * 100} %` })}
            >
              <span className={ui.muted}>
                {t('dashboard.health.serverErrors', { errors: data.requests.serverErrors, total: data.requests.total })}
              </span>
            </Tile>
          </ul>
          <h3>{t('dashboard.health.jobs')}</h3>
          {data.jobs.length === 0 ? (
            <p className={ui.muted}>{t('dashboard.health.noJobs')}</p>
          ) : (
            <ul className={styles.tiles} aria-label={t('dashboard.health.jobs')}>
              {data.jobs.map((job) => (
                <JobTile key={job.name} job={job} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
