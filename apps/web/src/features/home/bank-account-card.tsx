import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Landmark, PencilLine } from 'lucide-react';
import type { TBankAccount } from '@jetton/contract/account';
import { BankLogo } from '@/components/bank-logo/bank-logo';
import { Button } from '@jetton/ui/components/button';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { formatAccountNumber } from '@jetton/ui/lib/format';
import { localName } from '@jetton/ui/lib/local-name';
import styles from './bank-account-card.module.css';

type BankAccountCardProps = {
  account: TBankAccount | null;
  /** True for a KTB, TMB or BBL account whose name is not in Latin letters (docs/screens.md, "Home"). */
  canFixName: boolean;
  onFixName: () => void;
};

/** The member's own bank account: the bank's name in the page's language, account name, number as 3-3-4. */
export function BankAccountCard({ account, canFixName, onFixName }: BankAccountCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <span className={styles.icon}>
        {account ? <BankLogo code={account.bankCode} size={44} /> : <Landmark aria-hidden="true" size={22} strokeWidth={2} />}
      </span>
      <div className={styles.details}>
        <h2 id={titleId} className={styles.title}>
          {t('home.bankAccount')}
        </h2>
        {account ? (
          <>
            <p className={styles.bank}>{localName(account.bank, locale)}</p>
            <p className={styles.name}>{account.bankAccountName}</p>
            <p className={styles.number} translate="no">
              {formatAccountNumber(account.bankAccountNo)}
            </p>
          </>
        ) : (
          <p className={styles.muted}>{t('home.noBankAccount')}</p>
        )}
      </div>
      {account && canFixName && (
        <div className={styles.notice}>
          <p>{t('bankNameEdit.notice')}</p>
          <Button variant="secondary" block onClick={onFixName} aria-haspopup="dialog">
            <PencilLine aria-hidden="true" size={18} strokeWidth={2} />
            {t('bankNameEdit.open')}
          </Button>
        </div>
      )}
    </section>
  );
}
