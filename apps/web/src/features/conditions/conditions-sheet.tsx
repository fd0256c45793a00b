import { useTranslation } from 'react-i18next';
import { Button } from '@jetton/ui/components/button';
import { Sheet } from '@jetton/ui/components/sheet';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { localizedText } from '@/lib/localized-text';
import { useConditions } from './use-conditions';
import styles from './conditions-sheet.module.css';

type ConditionsSheetProps = { open: boolean; onClose: () => void };

/** The member menu's "conditions": the list of condition texts in the current language. */
export function ConditionsSheet({ open, onClose }: ConditionsSheetProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const conditions = useConditions(open);

  return (
    <Sheet open={open} onClose={onClose} title={t('conditions.title')}>
      {conditions.isPending && (
        <div className={styles.loading} role="status">
          {t('common.loading')}
        </div>
      )}
      {conditions.isError && (
        <div className={styles.error} role="alert">
          <p>{t('common.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void conditions.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {conditions.data?.length === 0 && <p className={styles.empty}>{t('conditions.empty')}</p>}
      {conditions.data && conditions.data.length > 0 && (
        <ol className={styles.list}>
          {conditions.data.map((text, index) => (
            <li key={index} className={styles.item}>
              <span className={styles.number} aria-hidden="true">
                {index + 1}
              </span>
              <p className={styles.text}>{localizedText(text, locale)}</p>
            </li>
          ))}
        </ol>
      )}
    </Sheet>
  );
}
