import { useTranslation } from 'react-i18next';
import { ChevronLeft } from 'lucide-react';
import { Button } from '@jetton/ui/components/button';

/** The wizard's "Back" (docs/screens.md, "Registration wizard"); it keeps what the member typed. */
export function BackButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button variant="secondary" onClick={onClick} disabled={disabled}>
      <ChevronLeft aria-hidden="true" size={20} strokeWidth={2} />
      {t('register.back')}
    </Button>
  );
}
