import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '@admin/components/notice';

/** An address the operator's roles do not open (typed by hand or an old bookmark). */
export function ForbiddenScreen() {
  const { t } = useTranslation();
  return (
    <Notice tone="danger" title={t('forbidden.title')}>
      <p>{t('forbidden.text')}</p>
      <Link to="/">{t('forbidden.home')}</Link>
    </Notice>
  );
}
