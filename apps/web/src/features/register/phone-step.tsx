import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@jetton/ui/components/button';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { buildFlags } from '@jetton/ui/lib/build-flags';
import { formErrorText } from '@jetton/ui/lib/form-error';
import { isApiError } from '@jetton/ui/lib/api-error';
import { translateError } from '@jetton/ui/lib/translate-error';
import { registerOtpQuery, useSendOtp } from './register-api';
import { registerForms, type PhoneForm } from './register-schemas';
import { challengeFrom, type StepProps } from './step-props';
import { resumeWithoutSending } from './wizard';
import styles from './register-screen.module.css';

/**
 * Step 1. The registerOTP lookup is read at submit time; when it is on, a code
 * is sent and step 2 follows, unless the server answers that the phone is
 * already verified (docs/screens.md, "Registration wizard").
 */
export function PhoneStep({ state, dispatch }: StepProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sendOtp = useSendOtp();
  const form = useForm<PhoneForm>({ resolver: zodResolver(registerForms.phone), defaultValues: { phone: state.phone } });
  const error = form.formState.errors.phone?.message;

  const onSubmit = form.handleSubmit(async ({ phone }) => {
    const resumed = resumeWithoutSending(state, phone);
    if (resumed) return dispatch(resumed);
    try {
      const { enabled } = await queryClient.fetchQuery(registerOtpQuery);
      if (!enabled) return dispatch({ type: 'phoneAccepted', phone, otp: null, verified: false });
      const sent = await sendOtp.mutateAsync(phone);
      if (sent.code === 'OTP_VERIFIED') return dispatch({ type: 'phoneAccepted', phone, otp: null, verified: true });
      dispatch({ type: 'phoneAccepted', phone, otp: challengeFrom(sent), verified: false });
    } catch (failure) {
      const code = isApiError(failure) ? failure.code : 'INTERNAL_SERVER_ERROR';
      // Some servers answer an already verified phone as an error rather than in `code`.
      if (code === 'OTP_VERIFIED') return dispatch({ type: 'phoneAccepted', phone, otp: null, verified: true });
      showToast(translateError(t, code), 'danger');
    }
  });

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className={styles.text}>{t('register.phone.text')}</p>
      <TextField
        {...form.register('phone')}
        label={t('register.phone.label')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        hint={buildFlags.isLaoBuild ? undefined : t('register.phone.hint')}
        error={formErrorText(t, error, { KEY_MISSING: 'register.phone.required', KEY_INVALID: 'register.phone.invalid' })}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('register.next')}
        </Button>
      </div>
    </form>
  );
}
