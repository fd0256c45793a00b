import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from '@jetton/ui/components/button';
import { Sheet } from '@jetton/ui/components/sheet';
import { translateError } from '@jetton/ui/lib/translate-error';
import { isApiError } from '@jetton/ui/lib/api-error';
import { formText } from '@admin/lib/form-text';
import { Notice } from './notice';
import ui from './ui.module.css';

type ReasonDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What the action does, above the form (the amount, the member). */
  summary?: ReactNode;
  /** Extra fields (a note code, a reference) rendered inside the form. */
  children?: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  /** The reason field: required (the default), optional, or not asked (a plain confirmation). */
  reason?: 'required' | 'optional' | 'none';
  /** Resolves when done (the dialog closes); a rejection's ApiError is shown in the dialog. */
  onConfirm: (reason: string, form: HTMLFormElement) => Promise<unknown>;
};

/** A decision, with the reason the audit trail keeps when one is asked: approve, reject, fail, confirm. */
export function ReasonDialog(props: ReasonDialogProps) {
  return (
    <Sheet open={props.open} onClose={props.onClose} title={props.title}>
      <ReasonForm {...props} />
    </Sheet>
  );
}

function ReasonForm({
  onClose,
  summary,
  children,
  confirmLabel,
  confirmVariant,
  reason: reasonMode = 'required',
  onConfirm,
}: ReasonDialogProps) {
  const reasonRequired = reasonMode === 'required';
  const { t } = useTranslation();
  const id = useId();
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const form = event.currentTarget;
    const reason = formText(form, 'reason');
    setMissing(reasonRequired && reason === '');
    if (reasonRequired && reason === '') return;
    setBusy(true);
    setError(undefined);
    onConfirm(reason, form)
      .then(onClose)
      .catch((failure: unknown) => setError(translateError(t, isApiError(failure) ? failure.code : 'INTERNAL_SERVER_ERROR')))
      .finally(() => setBusy(false));
  };
  return (
    <form className={ui.form} onSubmit={submit} noValidate>
      {summary}
      {error && <Notice tone="danger">{error}</Notice>}
      {children}
      <div hidden={reasonMode === 'none'}>
        <label htmlFor={id} className={ui.fieldLabel}>
          {reasonRequired ? t('decision.reason') : t('decision.reasonOptional')}
        </label>
        <textarea
          id={id}
          name="reason"
          className={ui.textarea}
          rows={3}
          maxLength={500}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-error` : undefined}
        />
        {missing && (
          <p id={`${id}-error`} className={ui.fieldError}>
            {t('decision.reasonRequired')}
          </p>
        )}
      </div>
      <div className={ui.rowActions}>
        <Button type="submit" variant={confirmVariant ?? 'primary'} loading={busy}>
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
