import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { Page } from '@/components/ui/page';

/** Placeholder until the bonus screen is built: the layout and an honest "not available yet". */
export function BonusScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('bonus.title')}>
      <ComingSoon text={t('bonus.comingSoon')} />
    </Page>
  );
}
