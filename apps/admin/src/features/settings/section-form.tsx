import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_SECTIONS, type SettingsSection } from '@jetton/contract/admin/settings';
import { Button } from '@jetton/ui/components/button';
import { showToast } from '@jetton/ui/components/toast-store';
import { translateError } from '@jetton/ui/lib/translate-error';
import { Notice } from '@admin/components/notice';
import ui from '@admin/components/ui.module.css';
import { useSaveSection } from './settings-api';

type SectionFormProps = {
  section: SettingsSection;
  canEdit: boolean;
  /** Reads the form into the section's shape; the contract's schema then validates it. */
  read: (form: HTMLFormElement) => unknown;
  children: ReactNode;
};

/** One settings section as one form: checked with the contract's rule, saved alone, audited with before and after. */
export function SectionForm({ section, canEdit, read, children }: SectionFormProps) {
  const { t } = useTranslation();
  const save = useSaveSection();
  const [invalid, setInvalid] = useState(false);
  const titleId = `settings-${section}`;
  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const parsed = SETTINGS_SECTIONS[section].safeParse(read(event.currentTarget));
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    save.mutate(
      { section, body: parsed.data },
      {
        onSuccess: () => showToast(t('settings.saved', { section: t(`settings.sections.${section}`) }), 'success'),
        onError: (error) => showToast(translateError(t, error.code), 'danger'),
      },
    );
  };
  return (
    <section className={ui.card} aria-labelledby={titleId}>
      <h2 id={titleId}>{t(`settings.sections.${section}`)}</h2>
      <p className={ui.muted}>{t(`settings.help.${section}`)}</p>
      <form className={ui.form} onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <fieldset className={ui.fieldset} disabled={!canEdit}>
          <div className={ui.stack}>{children}</div>
        </fieldset>
        {invalid && <Notice tone="danger">{t('settings.invalid')}</Notice>}
        {canEdit && (
          <div>
            <Button type="submit" loading={save.isPending && save.variables.section === section}>
              {t('settings.save')}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
