import { useTranslation } from 'react-i18next';
import { formatMoneyIn } from '@jetton/ui/lib/format';
import { useLimits } from '@/lib/care-limits';
import styles from './deposit.module.css';

/** In the deposit dialog: what the member's deposit limits still allow, before they pay (docs/player-care.md). */
export function DepositRoom() {
  const { t } = useTranslation();
  const limits = useLimits();
  const rooms = (limits.data?.limits ?? []).filter((l) => l.kind === 'deposit' && l.remaining !== null).map((l) => l.remaining ?? 0);
  if (!limits.data || rooms.length === 0) return null;
  return (
    <p className={styles.siteNotice} role="note" aria-label={t('care.depositRoomLabel')}>
      {t('care.depositRoom', { amount: formatMoneyIn(Math.min(...rooms), limits.data.currency) })}
    </p>
  );
}
