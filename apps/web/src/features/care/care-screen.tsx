import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMIT_KINDS } from '@jetton/contract/care';
import { Button } from '@jetton/ui/components/button';
import { Page } from '@jetton/ui/components/page';
import { formatDateTime, formatMoneyIn } from '@jetton/ui/lib/format';
import { BreakCard } from './break-card';
import { useHolds, useLimits } from './care-api';
import { LimitCard } from './limit-card';
import { RealityCard } from './reality-card';
import styles from './care-screen.module.css';

/**
 * /user/limits (docs/player-care.md): the member's deposit, loss and wager limits, the deposits
 * held for a person, and taking a break. Lowering applies at once; raising waits a day.
 */
export function CareScreen() {
  const { t } = useTranslation();
  const limits = useLimits();
  const holds = useHolds();
  const heldId = useId();
  const held = holds.data?.holds.filter((h) => h.status === 'held') ?? [];

  return (
    <Page title={t('care.title')} intro={t('care.intro')}>
      {limits.isPending && (
        <div className={styles.skeleton} role="status">
          <span className="visually-hidden">{t('common.loading')}</span>
        </div>
      )}
      {limits.isError && (
        <div className={styles.card} role="alert">
          <p>{t('common.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void limits.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {limits.data &&
        LIMIT_KINDS.map((kind) => (
          <LimitCard key={kind} kind={kind} currency={limits.data.currency} limits={limits.data.limits.filter((l) => l.kind === kind)} />
        ))}
      {held.length > 0 && (
        <section className={styles.card} aria-labelledby={heldId}>
          <h2 id={heldId} className={styles.cardTitle}>
            {t('care.held.title')}
          </h2>
          <p className={styles.muted}>{t('care.held.help')}</p>
          <ul className={styles.periods}>
            {held.map((h) => (
              <li key={h.id} className={styles.period}>
                <span className={styles.periodName}>{formatDateTime(h.heldAt)}</span>
                <span className={styles.periodValue}>
                  {formatMoneyIn(h.amount, h.currency)}
                  <small className={styles.muted}>{t(`care.held.reason.${h.reason}`)}</small>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <RealityCard />
      <BreakCard />
    </Page>
  );
}
