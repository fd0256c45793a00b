import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QR_PROVIDERS, QR_QUICK_PICKS, type QrProvider } from '@jetton/contract/constants';
import type { TQrState } from '@jetton/contract/wallet';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-store';
import { formatMoney } from '@/lib/format';
import { parseAmountInput } from '@/lib/money';
import { translateError } from '@/lib/translate-error';
import { useCountdown } from '@/lib/use-countdown';
import { useCancelQr, useCreateQr, useDropQr, useQrState } from './deposit-api';
import { canCreateQr, formatMmSs, svgDataUrl } from './qr-rules';
import styles from './deposit.module.css';

/** QR deposit (spec sections 4, 5, 9): provider tabs, each with its own QR state. */
export function QrDeposit() {
  const { t } = useTranslation();
  const [provider, setProvider] = useState<QrProvider>(QR_PROVIDERS[0]);
  const baseId = useId();
  return (
    <>
      <div role="tablist" aria-label={t('home.depositDialog.providers')} className={styles.tabs}>
        {QR_PROVIDERS.map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            id={`${baseId}-${item}`}
            aria-selected={provider === item}
            aria-controls={`${baseId}-panel`}
            className={styles.tab}
            onClick={() => setProvider(item)}
          >
            {item}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${provider}`} className={styles.body}>
        <QrProviderPanel key={provider} provider={provider} />
      </div>
    </>
  );
}

function QrProviderPanel({ provider }: { provider: QrProvider }) {
  const state = useQrState(provider);
  if (!state.data) return null;
  if (state.data.hasQrcode && state.data.qrcode && state.data.qrcodeId && state.data.expireIn !== null) {
    const deadline = state.dataUpdatedAt + state.data.expireIn * 1000;
    return <QrShown key={deadline} provider={provider} state={state.data} deadline={deadline} />;
  }
  return <QrCreateForm provider={provider} />;
}

function QrCreateForm({ provider }: { provider: QrProvider }) {
  const { t } = useTranslation();
  const create = useCreateQr(provider);
  const [input, setInput] = useState('');
  const rule = QR_QUICK_PICKS[provider];
  const amount = parseAmountInput(input);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // An amount under 1 is ignored (spec section 5).
    if (amount === undefined || amount < 1 || !canCreateQr(provider, amount)) return;
    create.mutate(amount, {
      onSuccess: (answer) => {
        if (!answer.hasQrcode) showToast(answer.message ?? translateError(t, 'QR_FAIL'), 'danger');
      },
      onError: (error) => showToast(translateError(t, error.code), 'danger'),
    });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div role="group" aria-label={t('home.depositDialog.quickPicks')} className={styles.picks}>
        {rule.amounts.map((pick) => (
          <Button key={pick} variant="secondary" aria-pressed={amount === pick} onClick={() => setInput(String(pick))}>
            {formatMoney(pick)}
          </Button>
        ))}
      </div>
      <TextField
        label={t('home.depositDialog.qrAmount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={input}
        onChange={(event) => setInput(event.target.value)}
        hint={rule.minExclusive ? t('home.depositDialog.qrAboveZero') : t('home.depositDialog.qrMinimum', { amount: formatMoney(rule.min) })}
      />
      <p className={styles.muted}>{t('home.depositDialog.qrNote')}</p>
      <Button type="submit" block loading={create.isPending} disabled={amount === undefined || !canCreateQr(provider, amount)}>
        {t('home.depositDialog.qrCreate')}
      </Button>
    </form>
  );
}

type QrShownProps = { provider: QrProvider; state: TQrState; deadline: number };

function QrShown({ provider, state, deadline }: QrShownProps) {
  const { t } = useTranslation();
  const cancel = useCancelQr(provider);
  const drop = useDropQr(provider);
  const left = useCountdown(deadline);
  const amount = formatMoney(state.amount ?? 0);
  useEffect(() => {
    if (left === 0) drop();
  }, [left, drop]);

  const onCancel = () => {
    if (!state.qrcodeId) return;
    cancel.mutate(state.qrcodeId, {
      onSuccess: () => showToast(t('home.depositDialog.qrCancelled'), 'info'),
      onError: (error) => showToast(translateError(t, error.code), 'danger'),
    });
  };

  return (
    <div className={styles.qr}>
      <img className={styles.qrImage} src={svgDataUrl(state.qrcode ?? '')} alt={t('home.depositDialog.qrImage', { amount })} />
      <p className={styles.qrAmount}>{t('home.depositDialog.qrPay', { amount })}</p>
      <p className={styles.countdown} role="timer" aria-live="off">
        {t('home.depositDialog.qrExpires', { time: formatMmSs(left) })}
      </p>
      <Button variant="secondary" block loading={cancel.isPending} onClick={onCancel}>
        {t('home.depositDialog.qrCancel')}
      </Button>
    </div>
  );
}
