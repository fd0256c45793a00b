import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { Page } from '@/components/ui/page';

/** Placeholder until the accounts issue builds this screen: the layout and an honest "not available yet". */
export function ProfileScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('profile.title')}>
      <ComingSoon text={t('profile.comingSoon')} />
    </Page>
  );
}
