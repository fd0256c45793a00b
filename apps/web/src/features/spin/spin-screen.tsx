import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { Page } from '@/components/ui/page';

/** Placeholder until the spin wheel screen is built: the layout and an honest "not available yet". */
export function SpinScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('spin.title')}>
      <ComingSoon text={t('spin.comingSoon')} />
    </Page>
  );
}
