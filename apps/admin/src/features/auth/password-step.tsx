import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ZAdminLoginRequest, type TAdminLoginRequest, type TAdminLoginResponse } from '@jetton/contract/admin/auth';
import { Button } from '@jetton/ui/components/button';
import { PasswordField } from '@jetton/ui/components/password-field';
import { TextField } from '@jetton/ui/components/text-field';
import { formErrorText } from '@jetton/ui/lib/form-error';
import { translateError } from '@jetton/ui/lib/translate-error';
import { Notice } from '@admin/components/notice';
import { usePasswordStep } from './auth-api';
import styles from './login-screen.module.css';

export function PasswordStep({ onDone }: { onDone: (answer: TAdminLoginResponse) => void }) {
  const { t } = useTranslation();
  const step = usePasswordStep();
  const form = useForm<TAdminLoginRequest>({ resolver: zodResolver(ZAdminLoginRequest), defaultValues: { login: '', password: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) => step.mutate(body, { onSuccess: onDone }));

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      {step.error && <Notice tone="danger">{translateError(t, step.error.code)}</Notice>}
      <TextField
        {...form.register('login')}
        label={t('login.login')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={formErrorText(t, errors.login?.message, { KEY_MISSING: 'login.loginRequired' })}
      />
      <PasswordField
        {...form.register('password')}
        label={t('login.password')}
        autoComplete="current-password"
        error={formErrorText(t, errors.password?.message, { KEY_MISSING: 'login.passwordRequired' })}
      />
      <Button type="submit" block loading={step.isPending}>
        {t('login.next')}
      </Button>
    </form>
  );
}
