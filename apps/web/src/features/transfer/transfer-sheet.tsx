import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { WALLET, type TWalletResponse } from '@jetton/contract/wallet';
import { Button } from '@jetton/ui/components/button';
import { ErrorDialog } from '@jetton/ui/components/error-dialog';
import { SelectField } from '@jetton/ui/components/select-field';
import { Sheet } from '@jetton/ui/components/sheet';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { formatMoney, formatMoneyIn } from '@jetton/ui/lib/format';
import { useCurrency, useTransferMin } from '@/lib/money-rules';
import { translateError } from '@jetton/ui/lib/translate-error';
import { useTransfer } from '@/lib/transfer-api';
import { TRANSFER_RULES, transferAccounts, transferForm, type TransferFormInput, type TransferFormValues } from './transfer-form';
import styles from './transfer-sheet.module.css';

type TransferSheetProps = { open: boolean; onClose: () => void; wallet: TWalletResponse };

/** Transfer modal (docs/screens.md, "Home"): from and to (the wallet or a game), an amount; closes with a refresh hint. */
export function TransferSheet({ open, onClose, wallet }: TransferSheetProps) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onClose={onClose} title={t('home.transferDialog.title')}>
      <TransferFormBody onDone={onClose} wallet={wallet} />
    </Sheet>
  );
}

const EMPTY: TransferFormInput = { from: '', to: '', amount: '' };

function TransferFormBody({ onDone, wallet }: { onDone: () => void; wallet: TWalletResponse }) {
  const { t } = useTranslation();
  const transfer = useTransfer();
  const [failure, setFailure] = useState<string | null>(null);
  const minimum = useTransferMin();
  const currency = useCurrency();
  const form = useForm<TransferFormInput, unknown, TransferFormValues>({
    resolver: zodResolver(transferForm(minimum)),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const balances = new Map<string, number>([[WALLET, wallet.wallet.amount], ...wallet.slots.map((s) => [s.code, s.amount] as const)]);
  const options = transferAccounts(wallet.slots).map(({ value, name }) => ({
    value,
    label: `${name ?? t('home.transferDialog.wallet')} (${formatMoney(balances.get(value) ?? 0)})`,
  }));

  const message = (code: string | undefined): string | undefined => {
    switch (code) {
      case undefined:
        return undefined;
      case TRANSFER_RULES.selectAccount:
        return t('home.transferDialog.selectAccount');
      case TRANSFER_RULES.sameAccount:
        return t('home.transferDialog.sameAccount');
      case TRANSFER_RULES.minimum:
        return t('home.transferDialog.minimum', { amount: formatMoneyIn(minimum, currency) });
      default:
        return t('home.transferDialog.invalidAmount');
    }
  };

  const onSubmit = form.handleSubmit((values) =>
    transfer.mutate(values, {
      onSuccess: ({ status }) => {
        const pending = status === 'PENDING';
        onDone();
        showToast(pending ? t('home.transferDialog.pending') : t('home.transferDialog.success'), pending ? 'info' : 'success');
      },
      onError: (error) => setFailure(translateError(t, error.code)),
    }),
  );

  const select = (name: 'from' | 'to', label: string) => (
    <SelectField {...form.register(name)} label={label} error={message(errors[name]?.message)}>
      <option value="" disabled>
        {t('home.transferDialog.choose')}
      </option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      {select('from', t('home.transferDialog.from'))}
      {select('to', t('home.transferDialog.to'))}
      <TextField
        {...form.register('amount')}
        label={t('home.transferDialog.amount')}
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="done"
        hint={t('home.transferDialog.minimumHint', { amount: formatMoneyIn(minimum, currency) })}
        error={message(errors.amount?.message)}
      />
      <Button type="submit" block loading={transfer.isPending}>
        {t('home.transferDialog.submit')}
      </Button>
      <ErrorDialog open={failure !== null} onClose={() => setFailure(null)} text={failure ?? ''} />
    </form>
  );
}
