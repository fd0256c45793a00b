import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeftRight, Coins, Gift, RefreshCw } from 'lucide-react';
import type { TWalletResponse } from '@jetton/contract/wallet';
import { BrandMark } from '@jetton/ui/components/brand-mark';
import { Button } from '@jetton/ui/components/button';
import { formatDateTime, formatMoney } from '@jetton/ui/lib/format';
import { totalBalance } from './total-balance';
import styles from './balance-header.module.css';

type BalanceHeaderProps = {
  wallet: TWalletResponse;
  lastSync: number | undefined;
  checking: boolean;
  onCheckBalance: () => void;
  onTransfer: () => void;
  onReceiveInvite: () => void;
  receiving: boolean;
};

/**
 * The home header (docs/screens.md, "Home"): member name, coins, logo, the total
 * (wallet + every game) large with tabular numerals, 'check balance' with the
 * last update, and the invite bonus with its receive button.
 */
export function BalanceHeader({ wallet, lastSync, checking, onCheckBalance, onTransfer, onReceiveInvite, receiving }: BalanceHeaderProps) {
  const { t } = useTranslation();
  const totalId = useId();
  return (
    <section className={styles.header} aria-labelledby={totalId}>
      <div className={styles.top}>
        <BrandMark className={styles.logo} decorative />
        <p className={styles.member}>
          <span className={styles.hello}>{t('home.hello')}</span>
          <span className={styles.name}>{wallet.profile.name}</span>
        </p>
        <p className={styles.coins}>
          <Coins aria-hidden="true" size={18} strokeWidth={2} />
          <span className={styles.number}>{wallet.profile.coin}</span>
          <span className="visually-hidden">{t('home.coins')}</span>
        </p>
      </div>

      <div className={styles.total}>
        <h2 id={totalId} className={styles.totalLabel}>
          {t('home.totalBalance')}
        </h2>
        <p className={styles.amount} translate="no">
          <span>{formatMoney(totalBalance(wallet))}</span>
          <span className={styles.unit}>{t(`home.currency${wallet.wallet.currency}`)}</span>
        </p>
        <p className={styles.sync} aria-live="polite">
          {lastSync === undefined ? t('home.neverChecked') : t('home.lastSync', { time: formatDateTime(lastSync) })}
        </p>
      </div>

      <div className={styles.actions}>
        <Button onClick={onCheckBalance} loading={checking}>
          {!checking && <RefreshCw aria-hidden="true" size={18} strokeWidth={2} />}
          {t('home.checkBalance')}
        </Button>
        <Button variant="secondary" onClick={onTransfer} aria-haspopup="dialog">
          <ArrowLeftRight aria-hidden="true" size={18} strokeWidth={2} />
          {t('home.transfer')}
        </Button>
      </div>

      <div className={styles.invite}>
        <Gift aria-hidden="true" size={20} strokeWidth={2} className={styles.inviteIcon} />
        <p className={styles.inviteText}>
          <span>{t('home.inviteBonus')}</span>
          <strong className={styles.number}>{formatMoney(wallet.invite.amount)}</strong>
        </p>
        <Button
          variant="ghost"
          className={styles.receive}
          onClick={onReceiveInvite}
          loading={receiving}
          disabled={receiving || wallet.invite.amount <= 0}
        >
          {t('home.receive')}
        </Button>
      </div>
    </section>
  );
}
