import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMIT_PERIODS, type TLimitKind, type TLimitPeriod, type TPlayLimit } from '@jetton/contract/care';
import type { Currency } from '@jetton/contract/constants';
import { Button } from '@jetton/ui/components/button';
import { SelectField } from '@jetton/ui/components/select-field';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { formatDateTime, formatMoneyIn } from '@jetton/ui/lib/format';
import { parseAmountInput } from '@jetton/ui/lib/money';
import { translateError } from '@jetton/ui/lib/translate-error';
import { useChangeLimit, usePendingLimit } from './care-api';
import styles from './care-screen.module.css';

type LimitCardProps = { kind: TLimitKind; limits: TPlayLimit[]; currency: Currency };

/** One kind of limit (deposit, loss or wager): its day, week and month figures, a waiting raise, and the form to change one. */
export function LimitCard({ kind, limits, currency }: LimitCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const money = (amount: number) => formatMoneyIn(amount, currency);
  const change = useChangeLimit();
  const confirm = usePendingLimit('confirm');
  const cancel = usePendingLimit('cancel');
  const [period, setPeriod] = useState<TLimitPeriod>('day');
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | undefined>();
  const current = limits.find((l) => l.period === period);
  const failed = (e: { code: string }) => setError(translateError(t, e.code));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseAmountInput(input);
    if (amount === undefined || amount <= 0) {
      setError(t('care.invalidAmount'));
      return;
    }
    setError(undefined);
    change.mutate(
      { kind, period, amount },
      {
        onSuccess: (state) => {
          setInput('');
          const saved = state.limits.find((l) => l.kind === kind && l.period === period);
          showToast(saved?.pending ? t('care.raiseWaits', { hours: state.coolingHours }) : t('care.saved'), 'success');
        },
        onError: failed,
      },
    );
  };

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {t(`care.kind.${kind}.title`)}
      </h2>
      <p className={styles.muted}>{t(`care.kind.${kind}.help`)}</p>
      <ul className={styles.periods}>
        {LIMIT_PERIODS.map((p) => {
          const limit = limits.find((l) => l.period === p);
          if (!limit) return null;
          return (
            <li key={p} className={styles.period}>
              <span className={styles.periodName}>{t(`care.period.${p}`)}</span>
              <span className={styles.periodValue}>
                <span>{limit.amount === null ? t('care.none') : money(limit.amount)}</span>
                {limit.remaining !== null && (
                  <small className={styles.muted}>
                    {t('care.remaining', { amount: money(limit.remaining), date: formatDateTime(limit.resetsAt) })}
                  </small>
                )}
              </span>
              {limit.pending && (
                <div className={styles.pending} role="status">
                  <p>
                    {limit.pending.amount === null
                      ? t('care.removalPending', { date: formatDateTime(limit.pending.dueAt) })
                      : t('care.raisePending', { amount: money(limit.pending.amount), date: formatDateTime(limit.pending.dueAt) })}
                  </p>
                  <div className={styles.actions}>
                    <Button
                      variant="secondary"
                      disabled={!limit.pending.due}
                      loading={confirm.isPending}
                      onClick={() => confirm.mutate({ kind, period: p }, { onError: failed })}
                    >
                      {t('care.confirmRaise')}
                    </Button>
                    <Button
                      variant="secondary"
                      loading={cancel.isPending}
                      onClick={() => cancel.mutate({ kind, period: p }, { onError: failed })}
                    >
                      {t('care.cancelRaise')}
                    </Button>
                  </div>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <SelectField label={t('care.periodLabel')} value={period} onChange={(event) => setPeriod(event.target.value as TLimitPeriod)}>
          {LIMIT_PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`care.period.${p}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('care.amountLabel')}
          inputMode="decimal"
          autoComplete="off"
          value={input}
          onChange={(event) => {
            setInput(event.target.value);
            setError(undefined);
          }}
          hint={t('care.amountHint')}
          error={error}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={change.isPending}>
            {t('care.save')}
          </Button>
          {current?.amount !== null && current?.amount !== undefined && !current.pending && (
            <Button variant="secondary" onClick={() => change.mutate({ kind, period, amount: null }, { onError: failed })}>
              {t('care.remove')}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
