import { useTranslation } from 'react-i18next';
import { Store } from 'lucide-react';
import { StatusScreen } from '@jetton/ui/components/status-screen';

/** Shown when the operator has closed the service (lookup/active says 'gone'). */
export function TerminatedScreen() {
  const { t } = useTranslation();
  return (
    <StatusScreen icon={<Store aria-hidden="true" size={36} strokeWidth={2} />} title={t('terminated.title')} text={t('terminated.text')} />
  );
}
