import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QR_PROVIDERS, type QrProvider } from '@jetton/contract/constants';
import { Button } from '@jetton/ui/components/button';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { formatMoneyIn } from '@jetton/ui/lib/format';
import { parseAmountInput } from '@jetton/ui/lib/money';
import { translateError } from '@jetton/ui/lib/translate-error';
import { useCurrency } from '@/lib/money-rules';
import { useCreateQr, useQrRules, useQrState } from './deposit-api';
import { QrShown } from './qr-shown';
import { canCreateQr, qrRuleOf } from './qr-rules';
import styles from './deposit.module.css';

type QrDepositProps = { onArrived: (amount: number) => void };

/** QR deposit: provider tabs by display name, each with its own QR state. */
export function QrDeposit({ onArrived }: QrDepositProps) {
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
            {t(`home.depositDialog.providerNames.${item}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${provider}`} className={styles.body}>
        <QrProviderPanel key={provider} provider={provider} onArrived={onArrived} />
      </div>
    </>
  );
}

function QrProviderPanel({ provider, onArrived }: { provider: QrProvider } & QrDepositProps) {
  const state = useQrState(provider);
  if (!state.data) return null;
  const { qrcodeId, payload, expireIn } = state.data;
  if (state.data.hasQrcode && state.data.qrcode && qrcodeId && payload && expireIn !== null) {
    const deadline = state.dataUpdatedAt + expireIn * 1000;
    return (
      <QrShown key={deadline} provider={provider} state={{ ...state.data, qrcodeId, payload }} deadline={deadline} onArrived={onArrived} />
    );
  }
  return <QrAmountForm provider={provider} />;
}

function QrAmountForm({ provider }: { provider: QrProvider }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const create = useCreateQr(provider);
  const [input, setInput] = useState('');
  // Quick picks and the minimum of the member's currency, served by GET /api/qrcode/rules (docs/money.md, "Rules per currency").
  const rule = qrRuleOf(useQrRules().data, provider, currency);
  const amount = parseAmountInput(input);
  const allowed = canCreateQr(rule, amount);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // An amount under 1 is ignored (docs/screens.md, "Home").
    if (amount === undefined || amount < 1 || !allowed) return;
    create.mutate(amount, {
      onSuccess: (answer) => {
        if (!answer.hasQrcode) showToast(translateError(t, answer.message ?? 'QR_FAIL'), 'danger');
      },
      onError: (error) => showToast(translateError(t, error.code), 'danger'),
    });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div role="group" aria-label={t('home.depositDialog.quickPicks')} className={styles.picks}>
        {rule.amounts.map((pick) => (
          <Button key={pick} variant="secondary" aria-pressed={amount === pick} onClick={() => setInput(String(pick))}>
            {formatMoneyIn(pick, currency)}
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
        hint={
          !rule.enabled
            ? t('home.depositDialog.qrProviderOff')
            : rule.minExclusive
              ? t('home.depositDialog.qrAboveZero')
              : t('home.depositDialog.qrMinimum', { amount: formatMoneyIn(rule.min, currency) })
        }
      />
      <p className={styles.muted}>{t('home.depositDialog.qrNote')}</p>
      <Button type="submit" block loading={create.isPending} disabled={!allowed}>
        {t('home.depositDialog.qrCreate')}
      </Button>
    </form>
  );
}
