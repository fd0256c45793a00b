import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ZOperatorCreate, type TOperatorCredentials } from '@jetton/contract/admin/auth';
import { ROLE_PERMISSIONS, ROLES } from '@jetton/contract/admin/permissions';
import type { z } from 'zod';
import { Button } from '@jetton/ui/components/button';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { formErrorText } from '@jetton/ui/lib/form-error';
import { translateError } from '@jetton/ui/lib/translate-error';
import ui from '@admin/components/ui.module.css';
import { useCreateOperator } from './operators-api';

type FormInput = z.input<typeof ZOperatorCreate>;
type FormOutput = z.output<typeof ZOperatorCreate>;

export function CreateOperatorForm({ onCreated }: { onCreated: (credentials: TOperatorCredentials) => void }) {
  const { t } = useTranslation();
  const create = useCreateOperator();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ZOperatorCreate),
    defaultValues: { login: '', name: '', roles: [] },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (credentials) => {
        form.reset();
        onCreated(credentials);
      },
      onError: (error) => showToast(translateError(t, error.code), 'danger'),
    }),
  );
  const rolesError = formErrorText(t, errors.roles?.message ?? errors.roles?.root?.message, { KEY_MISSING: 'operators.rolesRequired' });
  return (
    <section className={ui.card} aria-labelledby="create-operator-title">
      <h2 id="create-operator-title">{t('operators.create')}</h2>
      <form className={ui.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className={ui.formRow}>
          <TextField
            {...form.register('login')}
            label={t('operators.login')}
            hint={t('operators.loginHint')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={formErrorText(t, errors.login?.message, { KEY_INVALID: 'operators.loginHint' })}
          />
          <TextField
            {...form.register('name')}
            label={t('operators.name')}
            autoComplete="off"
            error={formErrorText(t, errors.name?.message, { KEY_MISSING: 'operators.nameRequired' })}
          />
        </div>
        <fieldset className={ui.fieldset} aria-describedby={rolesError ? 'roles-error' : undefined}>
          <legend className={ui.fieldLabel}>{t('operators.roles')}</legend>
          {ROLES.map((role) => (
            <label key={role} className={ui.checkbox}>
              <input type="checkbox" value={role} {...form.register('roles')} />
              <span>
                {t(`roles.${role}`)}{' '}
                <span className={ui.muted}>· {t('operators.permissionCount', { count: ROLE_PERMISSIONS[role].length })}</span>
              </span>
            </label>
          ))}
          {rolesError && (
            <p id="roles-error" className={ui.fieldError}>
              {rolesError}
            </p>
          )}
        </fieldset>
        <div>
          <Button type="submit" loading={create.isPending}>
            {t('operators.createSubmit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
