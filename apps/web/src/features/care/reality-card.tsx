import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { REALITY_CHECK_MINUTES } from '@jetton/contract/care';
import { SelectField } from '@jetton/ui/components/select-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { translateError } from '@jetton/ui/lib/translate-error';
import { useRealityCheck, useSetRealityMinutes } from './care-api';
import styles from './care-screen.module.css';

/** The reality-check interval: off, or a reminder every 30, 60 or 120 minutes of play. */
export function RealityCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const check = useRealityCheck();
  const set = useSetRealityMinutes();
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {t('care.reality.settingTitle')}
      </h2>
      <p className={styles.muted}>{t('care.reality.settingHelp')}</p>
      <SelectField
        label={t('care.reality.every')}
        value={String(check.data?.minutes ?? 0)}
        disabled={!check.data || set.isPending}
        onChange={(event) =>
          set.mutate(Number(event.target.value), {
            onSuccess: () => showToast(t('care.saved'), 'success'),
            onError: (e) => showToast(translateError(t, e.code), 'danger'),
          })
        }
      >
        {REALITY_CHECK_MINUTES.map((m) => (
          <option key={m} value={m}>
            {m === 0 ? t('care.reality.off') : t('care.reality.minutes', { minutes: m })}
          </option>
        ))}
      </SelectField>
    </section>
  );
}
