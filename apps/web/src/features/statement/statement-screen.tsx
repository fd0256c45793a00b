import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { Page } from '@/components/ui/page';

/** Placeholder until the statement issue builds this screen: the layout and an honest "not available yet". */
export function StatementScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('statement.title')}>
      <ComingSoon text={t('statement.comingSoon')} />
    </Page>
  );
}
