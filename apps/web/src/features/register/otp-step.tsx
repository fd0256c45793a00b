import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@jetton/ui/components/button';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { formErrorText } from '@jetton/ui/lib/form-error';
import { translateError } from '@jetton/ui/lib/translate-error';
import { BackButton } from './back-button';
import { useSendOtp, useVerifyOtp } from './register-api';
import { registerForms, type OtpForm } from './register-schemas';
import { ResendButton } from './resend-button';
import { challengeFrom, type StepProps } from './step-props';
import type { OtpChallenge } from './wizard';
import styles from './register-screen.module.css';

/** Step 2: the 6-digit code sent by SMS, its reference, and a resend after the one-minute limit. */
export function OtpStep({ state, dispatch, otp }: StepProps & { otp: OtpChallenge }) {
  const { t } = useTranslation();
  const verify = useVerifyOtp();
  const resend = useSendOtp();
  const form = useForm<OtpForm>({ resolver: zodResolver(registerForms.otp), defaultValues: { otpCode: '' } });
  const error = form.formState.errors.otpCode?.message;

  const onSubmit = form.handleSubmit(({ otpCode }) =>
    verify.mutate(
      { otpToken: otp.otpToken, otpCode },
      {
        onSuccess: () => dispatch({ type: 'codeVerified' }),
        onError: (failure) => {
          // Verified already (e.g. a double tap): nothing is wrong, the wizard goes on.
          if (failure.code === 'OTP_VERIFIED') return dispatch({ type: 'codeVerified' });
          showToast(translateError(t, failure.code), 'danger');
          form.setFocus('otpCode');
        },
      },
    ),
  );

  const onResend = (): void =>
    resend.mutate(state.phone, {
      onSuccess: (sent) => {
        if (sent.code === 'OTP_VERIFIED') {
          dispatch({ type: 'phoneAccepted', phone: state.phone, otp: null, verified: true });
          return;
        }
        dispatch({ type: 'codeSent', otp: challengeFrom(sent) });
        form.reset({ otpCode: '' });
        showToast(t('register.otp.resent', { ref: sent.otpRef }), 'info');
      },
      onError: (failure) => showToast(translateError(t, failure.code), 'danger'),
    });

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className={styles.text}>{t('register.otp.text', { phone: state.phone })}</p>
      <p className={styles.reference}>
        {t('register.otp.ref')} <strong translate="no">{otp.otpRef}</strong>
      </p>
      <TextField
        {...form.register('otpCode')}
        label={t('register.otp.label')}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        className={styles.code}
        error={formErrorText(t, error, { KEY_MISSING: 'register.otp.required', OTP_CODE_INVALID: 'register.otp.invalid' })}
      />
      <ResendButton key={otp.resendAt} resendAt={otp.resendAt} onResend={onResend} loading={resend.isPending} />
      <div className={styles.actions}>
        <BackButton onClick={() => dispatch({ type: 'back' })} />
        <Button type="submit" loading={verify.isPending}>
          {t('register.otp.verify')}
        </Button>
      </div>
    </form>
  );
}
