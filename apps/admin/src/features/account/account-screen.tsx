import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { OPERATOR_PASSWORD_MIN, ZAdminPasswordChange } from '@jetton/contract/admin/auth';
import { Button } from '@jetton/ui/components/button';
import { PasswordField } from '@jetton/ui/components/password-field';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { formErrorText } from '@jetton/ui/lib/form-error';
import { translateError } from '@jetton/ui/lib/translate-error';
import { formText } from '@admin/lib/form-text';
import { Notice } from '@admin/components/notice';
import ui from '@admin/components/ui.module.css';
import { RecoveryCodes } from '@admin/components/recovery-codes';
import { useOperator } from '@admin/lib/operator';
import { useChangePassword, useNewRecoveryCodes } from './account-api';

const PASSWORDS_DIFFER = 'PASSWORDS_DIFFER';
const passwordForm = ZAdminPasswordChange.extend({ confirmPassword: z.string() }).refine((v) => v.newPassword === v.confirmPassword, {
  path: ['confirmPassword'],
  error: PASSWORDS_DIFFER,
});
type PasswordForm = z.infer<typeof passwordForm>;

/** The operator's own account: change password (forced after a reset), renew recovery codes. */
export function AccountScreen() {
  const { t } = useTranslation();
  const me = useOperator();
  return (
    <div className={ui.stack}>
      {me.mustChangePassword && <Notice tone="info">{t('account.mustChange')}</Notice>}
      <PasswordCard />
      {me.totpEnrolled && <RecoveryCard />}
    </div>
  );
}

function PasswordCard() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm<PasswordForm>({
    resolver: zodResolver(passwordForm),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ oldPassword, newPassword }) =>
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          showToast(t('account.passwordChanged'), 'success');
        },
        onError: (error) => showToast(translateError(t, error.code), 'danger'),
      },
    ),
  );
  return (
    <section className={ui.card} aria-labelledby="password-title">
      <h2 id="password-title">{t('account.passwordTitle')}</h2>
      <form className={ui.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <PasswordField
          {...form.register('oldPassword')}
          label={t('account.oldPassword')}
          autoComplete="current-password"
          error={formErrorText(t, errors.oldPassword?.message, { KEY_MISSING: 'account.oldRequired' })}
        />
        <PasswordField
          {...form.register('newPassword')}
          label={t('account.newPassword')}
          autoComplete="new-password"
          hint={t('account.newHint', { min: OPERATOR_PASSWORD_MIN })}
          error={formErrorText(t, errors.newPassword?.message, { KEY_INVALID: 'account.newInvalid', KEY_MISSING: 'account.newInvalid' })}
        />
        <PasswordField
          {...form.register('confirmPassword')}
          label={t('account.confirmPassword')}
          autoComplete="new-password"
          error={formErrorText(t, errors.confirmPassword?.message, { [PASSWORDS_DIFFER]: 'account.passwordsDiffer' })}
        />
        <div>
          <Button type="submit" loading={change.isPending}>
            {t('account.changePassword')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function RecoveryCard() {
  const { t } = useTranslation();
  const renew = useNewRecoveryCodes();
  const [invalid, setInvalid] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const code = formText(event.currentTarget, 'code');
    const ok = /^\d{6}$/.test(code);
    setInvalid(!ok);
    if (ok) renew.mutate({ code }, { onError: (error) => showToast(translateError(t, error.code), 'danger') });
  };
  return (
    <section className={ui.card} aria-labelledby="recovery-title">
      <h2 id="recovery-title">{t('account.recoveryTitle')}</h2>
      {renew.data ? (
        <RecoveryCodes codes={renew.data.recoveryCodes} onContinue={() => renew.reset()} continueLabel={t('common.close')} />
      ) : (
        <form className={ui.form} onSubmit={onSubmit} noValidate>
          <p className={ui.muted}>{t('account.recoveryText')}</p>
          <TextField
            name="code"
            label={t('login.totpCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={invalid ? t('login.totpInvalid') : undefined}
          />
          <div>
            <Button type="submit" variant="secondary" loading={renew.isPending}>
              {t('account.recoveryRenew')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
