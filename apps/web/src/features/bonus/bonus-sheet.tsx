import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBonus } from '@jetton/contract/rewards';
import { BannerCarousel } from '@/components/banner-carousel/banner-carousel';
import { Button } from '@jetton/ui/components/button';
import { ErrorDialog } from '@jetton/ui/components/error-dialog';
import { Sheet } from '@jetton/ui/components/sheet';
import { showToast } from '@jetton/ui/components/toast-store';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { localizedText } from '@/lib/localized-text';
import { translateError } from '@jetton/ui/lib/translate-error';
import { useActivateBonus, useClearBonus } from './bonus-api';
import styles from './bonus-screen.module.css';

/** The notice with the fail percent filled in where the operator put `{percentFail}`. */
export function noticeText(notice: string, percentFail: number): string {
  return notice.replaceAll('{percentFail}', String(percentFail));
}

type BonusSheetProps = { bonus: TBonus | undefined; activeCode: string | null; onClose: () => void };

/**
 * A bonus's dialog: banners, the notice, and receive. With another bonus
 * active it first asks to confirm: that bonus is cancelled (its own terms
 * apply), then this one is received.
 */
export function BonusSheet({ bonus, activeCode, onClose }: BonusSheetProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const activate = useActivateBonus();
  const clear = useClearBonus();
  const [error, setError] = useState<string | null>(null);
  if (!bonus) return null;
  const replacing = activeCode !== null && activeCode !== bonus.code;
  const isCurrent = activeCode === bonus.code;

  const receive = async () => {
    try {
      if (replacing) await clear.mutateAsync();
      await activate.mutateAsync(bonus.code);
      showToast(t('bonus.receivedToast'), 'success');
      onClose();
    } catch (e) {
      setError(translateError(t, (e as { code?: string }).code ?? 'INTERNAL_SERVER_ERROR'));
    }
  };

  return (
    <Sheet open onClose={onClose} title={localizedText(bonus.name, locale)}>
      <div className={styles.sheet}>
        <BannerCarousel banners={bonus.banners} label={t('bonus.banners')} />
        <p className={styles.notice}>{noticeText(localizedText(bonus.notice, locale), bonus.percentFail)}</p>
        {replacing && (
          <p className={styles.confirm} role="note">
            {t('bonus.confirmReplace')}
          </p>
        )}
        {isCurrent ? (
          <p className={styles.muted}>{t('bonus.isCurrent')}</p>
        ) : (
          <Button block loading={activate.isPending || clear.isPending} onClick={() => void receive()}>
            {replacing ? t('bonus.confirmReceive') : t('bonus.receive')}
          </Button>
        )}
      </div>
      <ErrorDialog open={error !== null} onClose={() => setError(null)} text={error ?? ''} />
    </Sheet>
  );
}
