import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@jetton/ui/components/button';
import { Page } from '@jetton/ui/components/page';
import { PasswordField } from '@jetton/ui/components/password-field';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { translateError } from '@jetton/ui/lib/translate-error';
import { useHydrated } from '@/lib/use-hydrated';
import { loadAccountContract, useLogin } from './use-login';
import styles from './login-screen.module.css';

type FieldErrors = { username?: boolean; password?: boolean };

/**
 * The Foundation login: phone, password, remember me. It validates with the
 * contract's ZLoginRequest on a plain form instead of react-hook-form, because
 * /login must ship the least JavaScript of all routes (docs/performance.md, "Budgets").
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const [errors, setErrors] = useState<FieldErrors>({});
  const ready = useHydrated();

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const contract = await loadAccountContract().catch(() => undefined);
    if (!contract) {
      showToast(translateError(t, 'NETWORK_ERROR'), 'danger');
      return;
    }
    const parsed = contract.ZLoginRequest.safeParse({ username: form.get('username'), password: form.get('password') });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]));
      setErrors({ username: fields.has('username'), password: fields.has('password') });
      // Take the member to the first field to fix, so the error is announced with it.
      const first = formElement.elements.namedItem(fields.has('username') ? 'username' : 'password');
      if (first instanceof HTMLInputElement) first.focus();
      return;
    }
    setErrors({});
    login.mutate(
      { ...parsed.data, remember: form.get('remember') === 'on' },
      {
        // After an operator's reset the member sets a new password first (docs/accounts.md, "Passwords").
        onSuccess: ({ mustChangePassword }) => {
          if (!mustChangePassword) return void navigate('/user/home', { replace: true });
          showToast(t('login.mustChangePassword'), 'info');
          void navigate('/user/profile?changePassword=1', { replace: true });
        },
        onError: (error) => showToast(translateError(t, error.code, error), 'danger'),
      },
    );
  };

  return (
    <Page title={t('login.title')} intro={t('login.welcome')}>
      {/* The form's rules load at the first touch, so they are there by the time the member submits. */}
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} onFocus={() => void loadAccountContract()} noValidate>
        <TextField
          name="username"
          label={t('login.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="username"
          error={errors.username ? t('login.phoneRequired') : undefined}
        />
        <PasswordField
          name="password"
          label={t('login.password')}
          autoComplete="current-password"
          error={errors.password ? t('login.passwordRequired') : undefined}
        />
        <label className={styles.remember}>
          <input type="checkbox" name="remember" className={styles.checkbox} />
          <span>{t('login.remember')}</span>
        </label>
        {/* Until the app runs (the prerendered page), the button does not submit: with two text fields
            Enter does not either, so a browser's own submit never puts the password in the address. */}
        <Button type={ready ? 'submit' : 'button'} block loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </form>
      <p className={styles.register}>
        <Link to="/forgot-password" className={styles.forgotLink}>
          {t('login.forgotLink')}
        </Link>
      </p>
      <p className={styles.register}>
        {t('login.noAccount')}{' '}
        <Link to="/register" className={styles.registerLink}>
          {t('login.registerLink')}
        </Link>
      </p>
    </Page>
  );
}
