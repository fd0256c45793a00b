import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { Page } from '@/components/ui/page';

/** Placeholder until the money-core issue builds this screen: the layout and an honest "not available yet". */
export function HomeScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('home.title')}>
      <ComingSoon text={t('home.comingSoon')} />
    </Page>
  );
}
