import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@jetton/ui/components/button';
import { copyWithToast } from '@jetton/ui/components/copy-with-toast';
import { Sheet } from '@jetton/ui/components/sheet';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { formErrorText } from '@jetton/ui/lib/form-error';
import { translateError } from '@jetton/ui/lib/translate-error';
import { upperCased } from '@/lib/upper-case-input';
import { bankNameForm, LATIN_REQUIRED, type BankNameFormInput, type BankNameFormValues } from './bank-name-form';
import { useUpdateBankAccountName } from './use-update-bank-account-name';
import styles from './bank-name-sheet.module.css';

type BankNameSheetProps = {
  open: boolean;
  onClose: () => void;
  bankCode: string;
  currentName: string;
  /** The screen updates its own copy of the bank account with the saved name. */
  onSaved: (bankAccountName: string) => void;
};

/**
 * Edit the bank account name into English letters (KTB, TMB, BBL), offered on
 * the home and profile screens. After saving the copy action runs by itself
 * (docs/screens.md, "Profile"), so the member can paste the new name into their banking app.
 */
export function BankNameSheet({ open, onClose, ...rest }: BankNameSheetProps) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onClose={onClose} title={t('bankNameEdit.title')}>
      <BankNameFormBody onClose={onClose} {...rest} />
    </Sheet>
  );
}

function BankNameFormBody({ onClose, bankCode, currentName, onSaved }: Omit<BankNameSheetProps, 'open'>) {
  const { t } = useTranslation();
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
          onSaved(bankAccountName);
          showToast(t('bankNameEdit.saved'), 'success');
          // Copy while the dialog still has focus: browsers refuse clipboard writes from an unfocused page.
          void copyWithToast(t, bankAccountName).finally(onClose);
        },
        onError: (failure) => showToast(translateError(t, failure.code), 'danger'),
      },
    ),
  );

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className={styles.muted}>{t('bankNameEdit.text')}</p>
      <p className={styles.currentName}>
        {t('bankNameEdit.currentName')}: <span>{currentName}</span>
      </p>
      <TextField
        {...upperCased(form.register('bankAccountName'))}
        label={t('bankNameEdit.label')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        lang="en"
        error={formErrorText(t, error, {
          KEY_MISSING: 'bankNameEdit.required',
          KEY_INVALID: 'bankNameEdit.english',
          [LATIN_REQUIRED]: 'bankNameEdit.english',
        })}
      />
      <div className={styles.actions}>
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
