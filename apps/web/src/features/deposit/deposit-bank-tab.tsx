import { useTranslation } from 'react-i18next';
import { Copy } from 'lucide-react';
import type { TDepositLookup } from '@jetton/contract/lookup';
import { BankLogo } from '@/components/bank-logo/bank-logo';
import { Button } from '@jetton/ui/components/button';
import { copyWithToast } from '@jetton/ui/components/copy-with-toast';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { formatAccountNumber } from '@jetton/ui/lib/format';
import { localName } from '@jetton/ui/lib/local-name';
import styles from './deposit.module.css';

type DepositAccount = TDepositLookup['banks'][number];

/** The site's deposit accounts in the member's currency: bank, name, number with a copy button. */
export function DepositAccounts({ banks }: { banks: DepositAccount[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (banks.length === 0) return <p className={styles.muted}>{t('home.depositDialog.noAccounts')}</p>;
  return (
    <ul className={styles.accounts}>
      {banks.map((bank) => (
        <li key={`${bank.bankCode}-${bank.bankAccountNo}`} className={styles.account}>
          <p className={`${styles.bank} ${styles.bankLine}`}>
            <BankLogo code={bank.bankCode} size={28} />
            {localName(bank.bank, locale)}
          </p>
          <p className={styles.muted}>
            {t('home.depositDialog.accountName')}: {bank.bankAccountName}
          </p>
          <p className={styles.number}>{formatAccountNumber(bank.bankAccountNo)}</p>
          <Button
            variant="secondary"
            className={styles.copy}
            aria-label={t('home.depositDialog.copyNumber', { number: bank.bankAccountNo })}
            onClick={() => void copyWithToast(t, bank.bankAccountNo)}
          >
            <Copy aria-hidden="true" size={18} strokeWidth={2} />
          </Button>
        </li>
      ))}
    </ul>
  );
}
