import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@jetton/ui/components/button';
import { ErrorDialog } from '@jetton/ui/components/error-dialog';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { parseAmountInput } from '@jetton/ui/lib/money';
import { translateError } from '@jetton/ui/lib/translate-error';
import { useDepositNotice } from './deposit-api';
import styles from './deposit.module.css';

/** Manual mode: the member says how much they transferred (POST /api/wallet/add); an operator confirms it. */
export function DepositNoticeForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const notice = useDepositNotice();
  const [input, setInput] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseAmountInput(input);
    if (amount === undefined || amount <= 0) {
      setInvalid(true);
      return;
    }
    notice.mutate(
      { amount },
      {
        onSuccess: () => {
          onDone();
          showToast(t('home.depositDialog.manualSent'), 'success');
        },
        onError: (error) => setFailure(translateError(t, error.code)),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <TextField
        label={t('home.depositDialog.manualAmount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={input}
        onChange={(event) => {
          setInput(event.target.value);
          setInvalid(false);
        }}
        error={invalid ? t('home.transferDialog.invalidAmount') : undefined}
      />
      <Button type="submit" block loading={notice.isPending}>
        {t('home.depositDialog.manualSubmit')}
      </Button>
      <ErrorDialog open={failure !== null} onClose={() => setFailure(null)} text={failure ?? ''} />
    </form>
  );
}
