import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@jetton/ui/components/button';
import { PasswordField } from '@jetton/ui/components/password-field';
import { Sheet } from '@jetton/ui/components/sheet';
import { showToast } from '@jetton/ui/components/toast-store';
import { formErrorText } from '@jetton/ui/lib/form-error';
import { storage } from '@jetton/ui/lib/storage';
import { translateError } from '@jetton/ui/lib/translate-error';
import { useChangePassword } from './profile-api';
import { changePasswordForm, PASSWORD_NOT_EQUAL, type ChangePasswordForm } from './profile-schemas';
import styles from './profile-screen.module.css';

const EMPTY: ChangePasswordForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

type SheetProps = { open: boolean; onClose: () => void };

/** The lock icon's dialog: old, new and confirm password; cancel and save (docs/screens.md, "Profile"). */
export function ChangePasswordSheet({ open, onClose }: SheetProps) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onClose={onClose} title={t('profile.changePassword.title')}>
      <ChangePasswordFormBody onCancel={onClose} />
    </Sheet>
  );
}

function ChangePasswordFormBody({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordForm), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ oldPassword, newPassword }) =>
    change.mutate(
      { oldPassword, newPassword },
      {
        // The server has ended every session, this one too: the member logs in again with the new password.
        onSuccess: () => {
          storage.clearSession();
          queryClient.clear();
          showToast(t('profile.changePassword.done'), 'success');
          void navigate('/login', { replace: true });
        },
        onError: (failure) => {
          showToast(translateError(t, failure.code), 'danger');
          if (failure.code === 'WRONG_PASSWORD') form.setFocus('oldPassword', { shouldSelect: true });
        },
      },
    ),
  );

  return (
    <form className={styles.sheetForm} onSubmit={(event) => void onSubmit(event)} noValidate>
      <PasswordField
        {...form.register('oldPassword')}
        label={t('profile.changePassword.old')}
        autoComplete="current-password"
        error={formErrorText(t, errors.oldPassword?.message, { KEY_MISSING: 'profile.changePassword.oldRequired' })}
      />
      <PasswordField
        {...form.register('newPassword')}
        label={t('profile.changePassword.new')}
        autoComplete="new-password"
        hint={t('register.profile.passwordHint')}
        error={formErrorText(t, errors.newPassword?.message, {
          KEY_MISSING: 'profile.changePassword.newRequired',
          KEY_INVALID: 'profile.changePassword.newInvalid',
        })}
      />
      <PasswordField
        {...form.register('confirmPassword')}
        label={t('profile.changePassword.confirm')}
        autoComplete="new-password"
        error={formErrorText(t, errors.confirmPassword?.message, {
          KEY_MISSING: 'profile.changePassword.confirmRequired',
          [PASSWORD_NOT_EQUAL]: 'profile.changePassword.notEqual',
        })}
      />
      <div className={styles.sheetActions}>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={change.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
