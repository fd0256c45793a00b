import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '@admin/components/notice';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Notice tone="info" title={t('notFound.title')}>
      <p>{t('notFound.text')}</p>
      <Link to="/">{t('forbidden.home')}</Link>
    </Notice>
  );
}
