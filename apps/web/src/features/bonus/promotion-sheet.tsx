import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@jetton/ui/components/button';
import { ErrorDialog } from '@jetton/ui/components/error-dialog';
import { Sheet } from '@jetton/ui/components/sheet';
import { showToast } from '@jetton/ui/components/toast-store';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { localizedText } from '@/lib/localized-text';
import { translateError } from '@jetton/ui/lib/translate-error';
import { useActivatePromotion, useFindPromotion } from './bonus-api';
import styles from './bonus-screen.module.css';

/** The promotion dialog: searching, then the found promotion (fail percent, description, receive) or not found. */
export function PromotionSheet({ code, onClose }: { code: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const find = useFindPromotion();
  const activate = useActivatePromotion();
  const [error, setError] = useState<string | null>(null);
  const { mutate: search, reset } = find;

  useEffect(() => {
    if (code) search(code);
    else reset();
  }, [code, search, reset]);

  if (!code) return null;
  const receive = () =>
    activate.mutate(code, {
      onSuccess: () => {
        showToast(t('bonus.receivedToast'), 'success');
        onClose();
      },
      onError: (e) => setError(translateError(t, e.code)),
    });

  return (
    <Sheet open onClose={onClose} title={t('bonus.promotionTitle', { code })}>
      <div className={styles.sheet}>
        {find.isPending && (
          <p className={styles.muted} role="status">
            {t('bonus.searching')}
          </p>
        )}
        {find.isError && <p className={styles.muted}>{t('bonus.notFound')}</p>}
        {find.data && (
          <>
            <p className={styles.notice}>{localizedText(find.data.description, locale)}</p>
            <p className={styles.percentFail}>{t('bonus.percentFail', { percent: find.data.percentFail })}</p>
            <Button block loading={activate.isPending} onClick={receive}>
              {t('bonus.receive')}
            </Button>
          </>
        )}
      </div>
      <ErrorDialog open={error !== null} onClose={() => setError(null)} text={error ?? ''} />
    </Sheet>
  );
}
