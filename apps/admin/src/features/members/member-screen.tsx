import { useTranslation } from 'react-i18next';
import { Notice } from '@admin/components/notice';

export function MemberScreen() {
  const { t } = useTranslation();
  return <Notice tone="info">{t('common.comingSoonTitle')}</Notice>;
}
