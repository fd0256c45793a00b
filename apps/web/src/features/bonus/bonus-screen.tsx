import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import type { TBonus, TBonusActive } from '@jetton/contract/rewards';
import { Button } from '@jetton/ui/components/button';
import { ErrorDialog } from '@jetton/ui/components/error-dialog';
import { Page } from '@jetton/ui/components/page';
import { TextField } from '@jetton/ui/components/text-field';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { formatMoneyIn } from '@jetton/ui/lib/format';
import { useCurrency } from '@/lib/money-rules';
import { localizedText } from '@/lib/localized-text';
import { translateError } from '@jetton/ui/lib/translate-error';
import { upperCaseInput } from '@/lib/upper-case-input';
import { useActiveBonus, useBonuses, useBonusMinimum, useClearBonus, useCurrentPromotion } from './bonus-api';
import { BonusSheet } from './bonus-sheet';
import { PromotionSheet } from './promotion-sheet';
import styles from './bonus-screen.module.css';

type CardState = 'active' | 'full' | 'open';

/** A card is the active one (current badge), received up to its limit in this window (disabled), or open. */
export function cardState(bonus: TBonus): CardState {
  if (bonus.userBonus?.isActive) return 'active';
  if ((bonus.userBonus?.received.length ?? 0) >= bonus.maxReceived) return 'full';
  return 'open';
}

/**
 * /user/bonus (docs/rewards.md, "The bonus screen"): the active bonus with its
 * turnover progress and cancel, or the promotion-code search; then the bonus
 * cards, each opening its dialog.
 */
export function BonusScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const bonuses = useBonuses();
  const minimum = useBonusMinimum();
  const active = useActiveBonus();
  const currency = useCurrency();
  const [openCode, setOpenCode] = useState<string | null>(null);
  const [promotionCode, setPromotionCode] = useState<string | null>(null);
  const selected = bonuses.data?.find((b) => b.code === openCode);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('code');
    const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
    if (code) setPromotionCode(code);
  };

  return (
    <Page title={t('bonus.title')}>
      <div className={styles.stack}>
        {active.data?.status ? (
          <ActiveBonus active={active.data} />
        ) : (
          <form className={styles.search} onSubmit={search} noValidate>
            <TextField
              name="code"
              label={t('bonus.codeLabel')}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={32}
              required
              onChange={upperCaseInput}
              className={styles.codeField}
            />
            <Button type="submit" className={styles.searchButton}>
              <Search aria-hidden="true" size={18} strokeWidth={2} />
              {t('bonus.search')}
            </Button>
          </form>
        )}

        {bonuses.isPending && (
          <p className={styles.muted} role="status">
            {t('common.loading')}
          </p>
        )}
        {bonuses.isError && (
          <div className={styles.failed} role="alert">
            <p>{t('common.loadFailed')}</p>
            <Button variant="secondary" onClick={() => void bonuses.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        )}
        {bonuses.data?.length === 0 && <p className={styles.muted}>{t('bonus.none')}</p>}
        {bonuses.data && bonuses.data.length > 0 && (minimum.data?.minimum ?? 0) > 0 && (
          <p className={styles.muted}>{t('bonus.minimum', { amount: formatMoneyIn(minimum.data?.minimum ?? 0, currency) })}</p>
        )}
        {bonuses.data && bonuses.data.length > 0 && (
          <ul className={styles.cards} aria-label={t('bonus.listLabel')}>
            {bonuses.data.map((bonus) => {
              const state = cardState(bonus);
              const banner = bonus.banners[0];
              return (
                <li key={bonus.code}>
                  <button
                    type="button"
                    className={styles.card}
                    disabled={state === 'full'}
                    aria-haspopup="dialog"
                    onClick={() => setOpenCode(bonus.code)}
                  >
                    {banner && <img className={styles.cardImage} src={banner.image} alt="" width={640} height={280} loading="lazy" />}
                    <span className={styles.cardName}>{localizedText(bonus.name, locale)}</span>
                    <span className={styles.cardMeta}>
                      {t(`bonus.types.${bonus.type}`, { count: bonus.maxReceived })}
                      {state === 'active' && <span className={styles.badge}>{t('bonus.current')}</span>}
                      {state === 'full' && <span className={styles.badgeMuted}>{t('bonus.limitReached')}</span>}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <BonusSheet bonus={selected} activeCode={active.data?.status ? active.data.code : null} onClose={() => setOpenCode(null)} />
      <PromotionSheet code={promotionCode} onClose={() => setPromotionCode(null)} />
    </Page>
  );
}

/** The active bonus: its type and code, the turnover progress bar (done / target), and cancel. */
function ActiveBonus({ active }: { active: TBonusActive }) {
  const { t } = useTranslation();
  const clear = useClearBonus();
  const locale = useLocale();
  const currency = useCurrency();
  const money = (amount: number) => formatMoneyIn(amount, currency);
  const promotion = useCurrentPromotion(active.type === 'promotion').data?.promotion;
  const [error, setError] = useState<string | null>(null);
  const { done, target } = active.turnover;
  const percent = target > 0 ? Math.min(100, Math.floor((done / target) * 100)) : 100;
  return (
    <section className={styles.active} aria-labelledby="active-bonus-title">
      <h2 id="active-bonus-title" className={styles.activeTitle}>
        {t('bonus.activeTitle')}
      </h2>
      <p className={styles.activeType}>
        {active.type && t(`bonus.origin.${active.type}`)}
        {active.code && active.type !== 'refund' && active.type !== 'spin' && <span translate="no"> · {active.code}</span>}
        {active.bonusType && <span> · {t(`bonus.types.${active.bonusType}`, { count: 1 })}</span>}
      </p>
      {active.type === 'promotion' && promotion && (
        <>
          <p className={styles.muted}>{localizedText(promotion.description, locale)}</p>
          <p className={styles.muted}>{t('bonus.percentFail', { percent: promotion.percentFail })}</p>
        </>
      )}
      <div
        className={styles.progress}
        role="progressbar"
        aria-label={t('bonus.turnover')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('bonus.progress', { done: money(done), target: money(target) })}
      >
        <span className={styles.bar} style={{ width: `${percent}%` }} />
      </div>
      <p className={styles.progressText}>{t('bonus.progress', { done: money(done), target: money(target) })}</p>
      <Button
        variant="secondary"
        loading={clear.isPending}
        onClick={() => clear.mutate(undefined, { onError: (e) => setError(translateError(t, e.code)) })}
      >
        {t('bonus.cancel')}
      </Button>
      <ErrorDialog open={error !== null} onClose={() => setError(null)} text={error ?? ''} />
    </section>
  );
}
