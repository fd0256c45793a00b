import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@jetton/ui/components/button';
import { PasswordField } from '@jetton/ui/components/password-field';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { formErrorText } from '@jetton/ui/lib/form-error';
import { translateError } from '@jetton/ui/lib/translate-error';
import { upperCased } from '@/lib/upper-case-input';
import { BackButton } from './back-button';
import { storedInviteCode } from './invite-code-loader';
import { useValidateProfile } from './register-api';
import { PASSWORD_MISMATCH, registerForms, type ProfileFormInput, type ProfileFormValues } from './register-schemas';
import { toValidateRequest } from './registration-request';
import type { StepProps } from './step-props';
import styles from './register-screen.module.css';

const EMPTY: ProfileFormInput = { name: '', password: '', confirmPassword: '' };

/** Step 3: name, the phone (read only), password twice; the server validates it before step 4. */
export function ProfileStep({ state, dispatch }: StepProps) {
  const { t } = useTranslation();
  const validate = useValidateProfile();
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(registerForms.profile),
    defaultValues: state.profile ?? EMPTY,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((profile) =>
    validate.mutate(toValidateRequest(state.phone, profile, storedInviteCode()), {
      onSuccess: () => dispatch({ type: 'profileAccepted', profile }),
      onError: (failure) => showToast(translateError(t, failure.code), 'danger'),
    }),
  );

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField
        {...upperCased(form.register('name'))}
        label={t('register.profile.name')}
        autoComplete="name"
        autoCapitalize="characters"
        error={formErrorText(t, errors.name?.message, {
          KEY_MISSING: 'register.profile.nameRequired',
          KEY_INVALID: 'register.profile.nameInvalid',
        })}
      />
      <TextField label={t('register.profile.phone')} value={state.phone} readOnly type="tel" autoComplete="username" name="username" />
      <PasswordField
        {...form.register('password')}
        label={t('register.profile.password')}
        autoComplete="new-password"
        hint={t('register.profile.passwordHint')}
        error={formErrorText(t, errors.password?.message, {
          KEY_MISSING: 'register.profile.passwordRequired',
          KEY_INVALID: 'register.profile.passwordInvalid',
        })}
      />
      <PasswordField
        {...form.register('confirmPassword')}
        label={t('register.profile.confirmPassword')}
        autoComplete="new-password"
        error={formErrorText(t, errors.confirmPassword?.message, {
          KEY_MISSING: 'register.profile.confirmRequired',
          [PASSWORD_MISMATCH]: 'register.profile.mismatch',
        })}
      />
      <div className={styles.actions}>
        <BackButton onClick={() => dispatch({ type: 'back', profile: form.getValues() })} />
        <Button type="submit" loading={validate.isPending}>
          {t('register.next')}
        </Button>
      </div>
    </form>
  );
}
