import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createAccountSchemas, ZPasswordResetRequest } from '@jetton/contract/account';
import { Button } from '@jetton/ui/components/button';
import { Page } from '@jetton/ui/components/page';
import { PasswordField } from '@jetton/ui/components/password-field';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { buildFlags } from '@jetton/ui/lib/build-flags';
import { formErrorText } from '@jetton/ui/lib/form-error';
import { translateError } from '@jetton/ui/lib/translate-error';
import { useForgotPassword, useResetPassword } from './password-reset-api';
import styles from './forgot-password-screen.module.css';

type Step = 'phone' | 'code' | 'password';
type Challenge = { otpRef: string; otpToken: string };

const { ZOtpSendRequest } = createAccountSchemas({ lao: buildFlags.isLaoBuild });
/** A form field's text ('' when absent or a file). */
const field = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** Codes that mean the code itself must be entered again (or a new one asked for). */
const CODE_ERRORS = new Set(['OTP_CODE_INVALID', 'OTP_EXPIRED', 'OTP_BLOCK', 'OTP_NOT_EXIST', 'OTP_VERIFIED', 'OTP_TOKEN_INVALID']);

/**
 * Forgotten password (docs/accounts.md, "Forgotten password"): phone, then the SMS code,
 * then a new password. The server answers the same for any phone, so this screen
 * always goes on to the code step; the code and the password are sent together.
 */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const reset = useResetPassword();
  const [step, setStep] = useState<Step>('phone');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [error, setError] = useState<string | undefined>();

  const send = (phoneNumber: string): void =>
    forgot.mutate(phoneNumber, {
      onSuccess: (sent) => {
        setChallenge(sent);
        setCode('');
        setStep('code');
      },
      onError: (failure) => showToast(translateError(t, failure.code), 'danger'),
    });

  const onPhone = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const value = field(new FormData(event.currentTarget), 'phone');
    const parsed = ZOtpSendRequest.shape.phoneNumber.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'KEY_INVALID');
    setError(undefined);
    setPhone(parsed.data);
    send(parsed.data);
  };

  const onCode = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const value = field(new FormData(event.currentTarget), 'otpCode').trim();
    const parsed = ZPasswordResetRequest.shape.otpCode.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'OTP_CODE_INVALID');
    setError(undefined);
    setCode(parsed.data);
    setStep('password');
  };

  const onPassword = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!challenge) return setStep('phone');
    const form = new FormData(event.currentTarget);
    const password = field(form, 'password');
    const parsed = ZPasswordResetRequest.shape.password.safeParse(password);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'KEY_INVALID');
    if (password !== field(form, 'confirmPassword')) return setError('PASSWORD_MISMATCH');
    setError(undefined);
    reset.mutate(
      { otpToken: challenge.otpToken, otpCode: code, password },
      {
        onSuccess: () => {
          showToast(t('forgot.done'), 'success');
          void navigate('/login', { replace: true });
        },
        onError: (failure) => {
          showToast(translateError(t, failure.code), 'danger');
          if (CODE_ERRORS.has(failure.code)) setStep('code');
        },
      },
    );
  };

  return (
    <Page title={t('forgot.title')} intro={t(`forgot.${step}Intro`, { phone })}>
      {step === 'phone' && (
        <form className={styles.form} onSubmit={onPhone} noValidate>
          <TextField
            name="phone"
            label={t('login.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="username"
            defaultValue={phone}
            error={formErrorText(t, error, { KEY_MISSING: 'login.phoneRequired' })}
          />
          <Button type="submit" block loading={forgot.isPending}>
            {t('forgot.sendCode')}
          </Button>
        </form>
      )}
      {step === 'code' && challenge && (
        <form className={styles.form} onSubmit={onCode} noValidate>
          <p className={styles.reference}>
            {t('register.otp.ref')} <strong translate="no">{challenge.otpRef}</strong>
          </p>
          <TextField
            key={challenge.otpToken}
            name="otpCode"
            label={t('register.otp.label')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            defaultValue={code}
            error={formErrorText(t, error, { KEY_MISSING: 'register.otp.required', OTP_CODE_INVALID: 'register.otp.invalid' })}
          />
          <Button type="submit" block>
            {t('register.next')}
          </Button>
          <Button variant="ghost" block onClick={() => send(phone)} loading={forgot.isPending}>
            {t('register.otp.resend')}
          </Button>
        </form>
      )}
      {step === 'password' && (
        <form className={styles.form} onSubmit={onPassword} noValidate>
          <PasswordField
            name="password"
            label={t('forgot.newPassword')}
            autoComplete="new-password"
            hint={t('register.profile.passwordHint')}
            error={formErrorText(t, error === 'PASSWORD_MISMATCH' ? undefined : error, {
              KEY_MISSING: 'register.profile.passwordRequired',
              KEY_INVALID: 'register.profile.passwordInvalid',
            })}
          />
          <PasswordField
            name="confirmPassword"
            label={t('forgot.confirmPassword')}
            autoComplete="new-password"
            error={error === 'PASSWORD_MISMATCH' ? t('forgot.mismatch') : undefined}
          />
          <Button type="submit" block loading={reset.isPending}>
            {t('forgot.submit')}
          </Button>
        </form>
      )}
      <p className={styles.back}>
        <Link to="/login" className={styles.backLink}>
          {t('forgot.backToLogin')}
        </Link>
      </p>
    </Page>
  );
}
