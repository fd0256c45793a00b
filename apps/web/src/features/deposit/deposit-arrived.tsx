import { useTranslation } from 'react-i18next';
import { CircleCheck } from 'lucide-react';
import { Button } from '@jetton/ui/components/button';
import { formatMoney } from '@jetton/ui/lib/format';
import styles from './deposit-watch.module.css';

/**
 * The deposit dialog's last word once the money is in the wallet: said where
 * the member is looking (inside the dialog, announced politely), with "Done"
 * focused so one tap or Enter closes it.
 */
export function DepositArrived({ amount, onDone }: { amount: number; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.arrived} role="status">
      <CircleCheck aria-hidden="true" size={56} strokeWidth={1.75} className={styles.arrivedIcon} />
      <p className={styles.arrivedTitle}>{t('home.depositDialog.arrivedTitle')}</p>
      <p className={styles.arrivedText}>{t('home.depositDialog.arrivedText', { amount: formatMoney(amount) })}</p>
      <Button block autoFocus onClick={onDone}>
        {t('home.depositDialog.done')}
      </Button>
    </div>
  );
}
