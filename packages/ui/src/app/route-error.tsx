import { useTranslation } from 'react-i18next';
import { TriangleExclamationPoint } from 'lucide-react';
import { Button } from '@jetton/ui/components/button';
import { StatusScreen } from '@jetton/ui/components/status-screen';

/** Last resort when a screen crashes or its code cannot be downloaded (e.g. after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      icon={<TriangleExclamationPoint aria-hidden="true" size={36} strokeWidth={2} />}
      title={t('common.pageErrorTitle')}
      text={t('common.pageErrorText')}
      action={<Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>}
    />
  );
}
