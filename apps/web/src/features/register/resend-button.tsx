import { useTranslation } from 'react-i18next';
import { RotateCw } from 'lucide-react';
import { Button } from '@jetton/ui/components/button';
import { formatCountdown, useCountdown } from '@/lib/use-countdown';

type ResendButtonProps = { resendAt: number; onResend: () => void; loading: boolean };

/** "Send a new code", disabled with a mm:ss countdown until the one-minute limit has passed. */
export function ResendButton({ resendAt, onResend, loading }: ResendButtonProps) {
  const { t } = useTranslation();
  const remaining = useCountdown(resendAt);
  const waiting = remaining > 0;
  return (
    <Button variant="ghost" onClick={onResend} disabled={waiting || loading} aria-busy={loading || undefined}>
      <RotateCw aria-hidden="true" size={18} strokeWidth={2} />
      {waiting ? t('register.otp.resendIn', { time: formatCountdown(remaining) }) : t('register.otp.resend')}
    </Button>
  );
}
