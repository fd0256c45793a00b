import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { ROUTES } from '@jetton/contract/routes';
import { ZWalletResponse, type TWalletResponse } from '@jetton/contract/wallet';
import { apiRequest } from '@jetton/ui/lib/api-client';
import { walletQueryKey } from '@/lib/wallet-api';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { localName } from '@jetton/ui/lib/local-name';
import { WATCH_INTERVAL_MS } from './deposit-api';
import styles from './deposit.module.css';

/** The member's registered account as banks print it: all but the last four digits hidden. */
function masked(accountNo: string): string {
  const digits = accountNo.replace(/\D/g, '');
  return `${'x'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

/**
 * For an AUTO/SMS deposit account (docs/auto-deposit.md): tells the member to transfer
 * from their registered account, with no slip, and watches the wallet every few seconds
 * until the money is in; a transfer from another account still needs its slip.
 */
export function AutoDepositWatch({ wallet, onArrived }: { wallet: TWalletResponse; onArrived: (amount: number) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // The balance as first read after the dialog opened: cached figures may predate a credit already made.
  const [openedAt] = useState(() => Date.now());
  const start = useRef<number | null>(null);
  const watched = useQuery({
    queryKey: walletQueryKey,
    queryFn: ({ signal }) => apiRequest(ROUTES.wallet.summary, { schema: ZWalletResponse, signal, background: true }),
    refetchInterval: WATCH_INTERVAL_MS,
    refetchOnWindowFocus: 'always',
    refetchOnMount: 'always',
  });
  const now = watched.data?.wallet.amount;
  const updatedAt = watched.dataUpdatedAt;
  useEffect(() => {
    if (now === undefined || updatedAt < openedAt) return;
    if (start.current === null) start.current = now;
    else if (now > start.current) onArrived(Math.round((now - start.current) * 100) / 100);
  }, [now, updatedAt, openedAt, onArrived]);
  const account = wallet.bankAccount;
  return (
    <div className={styles.body}>
      <p>{t('home.depositDialog.autoTitle')}</p>
      {account && (
        <p>{t('home.depositDialog.autoFrom', { bank: localName(account.bank, locale), account: masked(account.bankAccountNo) })}</p>
      )}
      <p role="status" className={styles.muted}>
        {t('home.depositDialog.autoWaiting')}
      </p>
      <p className={styles.muted}>{t('home.depositDialog.autoOtherAccount')}</p>
    </div>
  );
}
