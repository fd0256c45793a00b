import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBankAccount } from '@jetton/contract/account';
import { Button } from '@jetton/ui/components/button';
import { ErrorDialog } from '@jetton/ui/components/error-dialog';
import { Sheet } from '@jetton/ui/components/sheet';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { formatAccountNumber, formatMoneyIn } from '@jetton/ui/lib/format';
import { useCurrency, useMoneyRules } from '@/lib/money-rules';
import { localName } from '@jetton/ui/lib/local-name';
import { parseAmountInput } from '@jetton/ui/lib/money';
import { translateError } from '@jetton/ui/lib/translate-error';
import { checkWithdraw, useWithdraw, type WithdrawCheck } from './withdraw-api';
import styles from './withdraw-sheet.module.css';

type WithdrawSheetProps = { open: boolean; onClose: () => void; walletAmount: number; bankAccount?: TBankAccount | null };

/** Withdraw modal (docs/screens.md, "Home"): an amount between the server's min and max, then 'wait for transfer'. */
export function WithdrawSheet({ open, onClose, walletAmount, bankAccount }: WithdrawSheetProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Sheet open={open} onClose={onClose} title={t('home.withdrawDialog.title')}>
      {/* Where the money goes: the member's registered account (docs/screens.md, "Home"). */}
      {bankAccount && (
        <p className={styles.destination}>
          {t('home.withdrawDialog.destination', {
            bank: localName(bankAccount.bank, locale),
            accountNo: formatAccountNumber(bankAccount.bankAccountNo),
            name: bankAccount.bankAccountName,
          })}
        </p>
      )}
      <WithdrawBody onDone={onClose} walletAmount={walletAmount} />
    </Sheet>
  );
}

function WithdrawBody({ onDone, walletAmount }: { onDone: () => void; walletAmount: number }) {
  const { t } = useTranslation();
  // The limits of the member's currency: kip on a kip wallet (docs/money.md, "Rules per currency").
  const limits = useMoneyRules();
  const currency = useCurrency();
  const money = (amount: number) => formatMoneyIn(amount, currency);
  const withdraw = useWithdraw();
  const [input, setInput] = useState('');
  const [check, setCheck] = useState<WithdrawCheck>('ok');
  const [failure, setFailure] = useState<string | null>(null);

  const message = (): string | undefined => {
    if (check === 'ok' || !limits.data) return undefined;
    if (check === 'balance') return translateError(t, 'MONEY_NOT_ENOUGH');
    if (check === 'min') return t('home.withdrawDialog.minimum', { amount: money(limits.data.withdrawMin) });
    if (check === 'max') return t('home.withdrawDialog.maximum', { amount: money(limits.data.withdrawMax) });
    return t('home.transferDialog.invalidAmount');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!limits.data) return;
    const amount = parseAmountInput(input);
    const result = checkWithdraw(amount, limits.data, walletAmount);
    setCheck(result);
    if (result !== 'ok' || amount === undefined) return;
    withdraw.mutate(
      { amount },
      {
        onSuccess: () => {
          onDone();
          showToast(t('home.withdrawDialog.success'), 'success');
        },
        onError: (error) => setFailure(translateError(t, error.code)),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <TextField
        label={t('home.withdrawDialog.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="done"
        value={input}
        onChange={(event) => {
          setInput(event.target.value);
          setCheck('ok');
        }}
        hint={
          limits.data
            ? t('home.withdrawDialog.limits', {
                min: money(limits.data.withdrawMin),
                max: money(limits.data.withdrawMax),
                balance: money(walletAmount),
              })
            : t('common.loading')
        }
        error={message()}
      />
      <Button type="submit" block loading={withdraw.isPending} disabled={!limits.data}>
        {t('home.withdrawDialog.submit')}
      </Button>
      <ErrorDialog open={failure !== null} onClose={() => setFailure(null)} text={failure ?? ''} />
    </form>
  );
}
