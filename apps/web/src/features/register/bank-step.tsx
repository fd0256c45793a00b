import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { isLatinNameBank } from '@jetton/contract/account';
import { Button } from '@jetton/ui/components/button';
import { SelectField } from '@jetton/ui/components/select-field';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { buildFlags } from '@jetton/ui/lib/build-flags';
import { formErrorText } from '@jetton/ui/lib/form-error';
import { localName } from '@jetton/ui/lib/local-name';
import { translateError } from '@jetton/ui/lib/translate-error';
import { upperCased } from '@/lib/upper-case-input';
import { BackButton } from './back-button';
import { CurrencyChoice } from './currency-choice';
import { forgetInviteCode, storedInviteCode } from './invite-code-loader';
import { useBanks } from '@jetton/ui/lib/use-banks';
import { useRegister, useSources } from './register-api';
import { registerForms, type BankFormInput, type BankFormValues, type ProfileFormValues } from './register-schemas';
import { toRegisterRequest } from './registration-request';
import type { StepProps } from './step-props';
import styles from './register-screen.module.css';

const EMPTY: BankFormInput = { bankCode: '', firstName: '', lastName: '', bankAccountNo: '', sourceCode: '', currency: 'LAK' };

const FIRST_NAME_MESSAGES = { KEY_MISSING: 'register.bank.firstNameRequired', KEY_INVALID: 'register.bank.nameInvalid' };
const LAST_NAME_MESSAGES = { KEY_MISSING: 'register.bank.lastNameRequired', KEY_INVALID: 'register.bank.nameInvalid' };

type BankStepProps = StepProps & { profile: ProfileFormValues; onRegistered: () => void };

/** Step 4: bank, account name (first + last), account number, source, invite code and, on the Lao build, currency. */
export function BankStep({ state, dispatch, profile, onRegistered }: BankStepProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const banks = useBanks();
  const sources = useSources();
  const register = useRegister();
  const inviteCode = storedInviteCode();
  const form = useForm<BankFormInput, unknown, BankFormValues>({
    resolver: zodResolver(registerForms.bank),
    defaultValues: state.bank ?? EMPTY,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((bank) =>
    register.mutate(toRegisterRequest({ phone: state.phone, profile, bank, inviteCode }, { lao: buildFlags.isLaoBuild }), {
      onSuccess: () => {
        forgetInviteCode();
        onRegistered();
      },
      onError: (failure) => showToast(translateError(t, failure.code), 'danger'),
    }),
  );

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className={styles.text}>{t('register.bank.text')}</p>
      <Controller
        control={form.control}
        name="bankCode"
        render={({ field, fieldState }) => (
          <SelectField
            {...field}
            onChange={(event) => {
              field.onChange(event);
              // The English-only rule depends on the bank: re-check names already flagged.
              if (form.formState.isSubmitted) void form.trigger(['firstName', 'lastName']);
            }}
            label={t('register.bank.bank')}
            disabled={!banks.data}
            hint={isLatinNameBank(field.value) ? t('register.bank.englishHint') : undefined}
            error={
              banks.isError
                ? t('common.loadFailed')
                : formErrorText(t, fieldState.error?.message, { KEY_MISSING: 'register.bank.bankRequired' })
            }
          >
            <option value="" disabled>
              {banks.data ? t('register.bank.choose') : t('common.loading')}
            </option>
            {banks.data?.map((bank) => (
              <option key={bank.code} value={bank.code}>
                {localName(bank, locale)}
              </option>
            ))}
          </SelectField>
        )}
      />
      <TextField
        {...upperCased(form.register('firstName'))}
        label={t('register.bank.firstName')}
        autoComplete="given-name"
        autoCapitalize="characters"
        error={formErrorText(t, errors.firstName?.message, FIRST_NAME_MESSAGES)}
      />
      <TextField
        {...upperCased(form.register('lastName'))}
        label={t('register.bank.lastName')}
        autoComplete="family-name"
        autoCapitalize="characters"
        error={formErrorText(t, errors.lastName?.message, LAST_NAME_MESSAGES)}
      />
      <TextField
        {...form.register('bankAccountNo')}
        label={t('register.bank.accountNo')}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        error={formErrorText(t, errors.bankAccountNo?.message, {
          KEY_MISSING: 'register.bank.accountNoRequired',
          KEY_INVALID: 'register.bank.accountNoInvalid',
        })}
      />
      <SelectField {...form.register('sourceCode')} label={t('register.bank.source')} hint={t('register.bank.optional')}>
        <option value="">{t('register.bank.choose')}</option>
        {sources.data?.map((source) => (
          <option key={source.code} value={source.code}>
            {localName(source, locale)}
          </option>
        ))}
      </SelectField>
      {buildFlags.isLaoBuild && <CurrencyChoice registration={form.register('currency')} />}
      {inviteCode && <TextField label={t('register.bank.inviteCode')} value={inviteCode} readOnly translate="no" />}
      <div className={styles.actions}>
        <BackButton onClick={() => dispatch({ type: 'back', bank: form.getValues() })} disabled={register.isPending} />
        <Button type="submit" loading={register.isPending}>
          {t('register.bank.submit')}
        </Button>
      </div>
    </form>
  );
}
