import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BREAK_CHOICES, type TBreakChoice } from '@jetton/contract/care';
import { Button } from '@jetton/ui/components/button';
import { PasswordField } from '@jetton/ui/components/password-field';
import { formatDateTime } from '@jetton/ui/lib/format';
import { translateError } from '@jetton/ui/lib/translate-error';
import { useBreak, useTakeBreak } from './care-api';
import styles from './care-screen.module.css';

const COOL_OFF: readonly TBreakChoice[] = ['24h', '1w', '2w', '6w'];

/**
 * Take a break (docs/player-care.md, "Breaks"): the member picks a cool-off or a self-exclusion,
 * reads what it means, and confirms with their password. Once taken it can only be made longer.
 */
export function BreakCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const current = useBreak();
  const take = useTakeBreak();
  const [choice, setChoice] = useState<TBreakChoice | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inForce = current.data?.current ?? null;

  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) return;
    take.mutate(
      { choice, password },
      {
        onSuccess: () => {
          setReviewing(false);
          setChoice(null);
          setPassword('');
        },
        onError: (e) => setError(translateError(t, e.code)),
      },
    );
  };

  return (
    <section className={styles.card} aria-labelledby={titleId} id="break">
      <h2 id={titleId} className={styles.cardTitle}>
        {t('care.break.title')}
      </h2>
      {inForce && (
        <p className={styles.onBreak} role="status">
          {inForce.endsAt === null
            ? t(`care.break.inForcePermanent`)
            : t(`care.break.inForce.${inForce.kind}`, { date: formatDateTime(inForce.endsAt) })}
        </p>
      )}
      {!reviewing && (
        <>
          <p className={styles.muted}>{t('care.break.intro')}</p>
          <fieldset className={styles.choices}>
            <legend>{t('care.break.choose')}</legend>
            {BREAK_CHOICES.map((c) => (
              <label key={c} className={styles.choice}>
                <input type="radio" name="break" value={c} checked={choice === c} onChange={() => setChoice(c)} />
                <span>
                  {t(`care.break.choice.${c}`)}
                  <small className={styles.muted}>{t(COOL_OFF.includes(c) ? 'care.break.coolOff' : 'care.break.selfExclusion')}</small>
                </span>
              </label>
            ))}
          </fieldset>
          <Button block disabled={!choice} onClick={() => setReviewing(true)}>
            {t('care.break.continue')}
          </Button>
        </>
      )}
      {reviewing && choice && (
        <form className={styles.form} onSubmit={onConfirm} noValidate>
          <p className={styles.warning}>
            {t(COOL_OFF.includes(choice) ? 'care.break.meansCoolOff' : 'care.break.meansExclusion', {
              length: t(`care.break.choice.${choice}`),
            })}
          </p>
          <PasswordField
            label={t('care.break.password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(undefined);
            }}
            error={error}
          />
          <div className={styles.actions}>
            <Button type="submit" loading={take.isPending} disabled={password === ''}>
              {t('care.break.confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setReviewing(false)}>
              {t('care.break.back')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
