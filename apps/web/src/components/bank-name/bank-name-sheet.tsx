import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBankAccount } from '@jetton/contract/account';
import { Button } from '@/components/ui/button';
import { copyWithToast } from '@/components/ui/copy-with-toast';
import { Sheet } from '@/components/ui/sheet';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-store';
import { formErrorText } from '@/lib/form-error';
import { translateError } from '@/lib/translate-error';
import { upperCased } from '@/lib/upper-case-input';
import { bankAccountQueryKey, useUpdateBankAccountName } from './profile-api';
import { bankNameForm, LATIN_REQUIRED, type BankNameFormInput, type BankNameFormValues } from './profile-schemas';
import styles from './profile-screen.module.css';

type BankNameSheetProps = { open: boolean; onClose: () => void; bankCode: string; currentName: string };

/**
 * Edit the bank account name into English letters (KTB, TMB, BBL). After saving
 * the copy action runs by itself (spec section 4), so the member can paste the
 * new name straight into their banking app.
 */
export function BankNameSheet({ open, onClose, bankCode, currentName }: BankNameSheetProps) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onClose={onClose} title={t('profile.bankNameEdit.title')}>
      <BankNameFormBody onClose={onClose} bankCode={bankCode} currentName={currentName} />
    </Sheet>
  );
}

function BankNameFormBody({ onClose, bankCode, currentName }: Omit<BankNameSheetProps, 'open'>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateBankAccountName();
  const form = useForm<BankNameFormInput, unknown, BankNameFormValues>({
    resolver: zodResolver(bankNameForm),
    defaultValues: { bankAccountName: '' },
  });
  const error = form.formState.errors.bankAccountName?.message;

  const onSubmit = form.handleSubmit(({ bankAccountName }) =>
    update.mutate(
      { bankCode, bankAccountName },
      {
        onSuccess: () => {
          queryClient.setQueryData<TBankAccount | null>(bankAccountQueryKey, (old) => old && { ...old, bankAccountName });
          showToast(t('profile.bankNameEdit.saved'), 'success');
          // Copy while the dialog still has focus: browsers refuse clipboard writes from an unfocused page.
          void copyWithToast(t, bankAccountName).finally(onClose);
        },
        onError: (failure) => showToast(translateError(t, failure.code), 'danger'),
      },
    ),
  );

  return (
    <form className={styles.sheetForm} onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className={styles.muted}>{t('profile.bankNameEdit.text')}</p>
      <p className={styles.currentName}>
        {t('profile.bankAccountName')}: <span>{currentName}</span>
      </p>
      <TextField
        {...upperCased(form.register('bankAccountName'))}
        label={t('profile.bankNameEdit.label')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        lang="en"
        error={formErrorText(t, error, {
          KEY_MISSING: 'profile.bankNameEdit.required',
          KEY_INVALID: 'profile.bankNameEdit.english',
          [LATIN_REQUIRED]: 'profile.bankNameEdit.english',
        })}
      />
      <div className={styles.sheetActions}>
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={update.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
