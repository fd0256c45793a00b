import { useTranslation } from 'react-i18next';
import { MapPinOff } from 'lucide-react';
import { LinkButton } from '@jetton/ui/components/link-button';
import { StatusScreen } from '@jetton/ui/components/status-screen';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      icon={<MapPinOff aria-hidden="true" size={36} strokeWidth={2} />}
      title={t('notFound.title')}
      text={t('notFound.text')}
      action={
        <LinkButton to="/" replace>
          {t('common.backHome')}
        </LinkButton>
      }
    />
  );
}
