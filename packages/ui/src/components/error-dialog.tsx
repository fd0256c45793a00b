import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleExclamationPoint } from 'lucide-react';
import { Button } from './button';
import { Sheet } from './sheet';
import styles from './error-dialog.module.css';

type ErrorDialogProps = { open: boolean; onClose: () => void; text: string; title?: string };

/**
 * Transfer and withdraw errors show in a dialog (docs/screens.md, "Errors and messages") with a
 * generic title and the translated error text, above the form that failed.
 */
export function ErrorDialog({ open, onClose, text, title }: ErrorDialogProps) {
  const { t } = useTranslation();
  const textId = useId();
  return (
    <Sheet open={open} onClose={onClose} title={title ?? t('common.errorTitle')} role="alertdialog">
      <div className={styles.body}>
        <CircleExclamationPoint aria-hidden="true" size={40} strokeWidth={2} className={styles.icon} />
        <p id={textId} className={styles.text}>
          {text}
        </p>
        <Button block onClick={onClose} aria-describedby={textId}>
          {t('common.ok')}
        </Button>
      </div>
    </Sheet>
  );
}
