import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import type { TLocalized } from '@jetton/contract/lookup';
import { Button } from '@jetton/ui/components/button';
import { Sheet } from '@jetton/ui/components/sheet';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { localizedText } from '@/lib/localized-text';
import styles from './agreement-sheet.module.css';

type AgreementSheetProps = { open: boolean; texts: readonly TLocalized[]; onAccept: () => void; onClose: () => void };

/** The terms the member agrees to, in their language, and an accept button that remembers it. */
export function AgreementSheet({ open, texts, onAccept, onClose }: AgreementSheetProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Sheet open={open} onClose={onClose} title={t('home.agreement.title')}>
      <div className={styles.body}>
        <p className={styles.intro}>{t('home.agreement.intro')}</p>
        <ol className={styles.list}>
          {texts.map((text, index) => (
            <li key={index} className={styles.item}>
              <Check aria-hidden="true" size={18} strokeWidth={2.5} className={styles.tick} />
              <span>{localizedText(text, locale)}</span>
            </li>
          ))}
        </ol>
        <Button block onClick={onAccept}>
          {t('home.agreement.accept')}
        </Button>
      </div>
    </Sheet>
  );
}
