import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBankAccount } from '@jetton/contract/account';
import { Landmark, Lock, PencilLine, ShieldCheck } from 'lucide-react';
import { BankNameSheet } from '@/components/bank-name/bank-name-sheet';
import { Button } from '@jetton/ui/components/button';
import { LinkButton } from '@jetton/ui/components/link-button';
import { Page } from '@jetton/ui/components/page';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { formatAccountNumber, formatDateTime } from '@jetton/ui/lib/format';
import { localName } from '@jetton/ui/lib/local-name';
import { needsLatinNameFix } from '@/lib/names';
import { ChangePasswordSheet } from './change-password-sheet';
import { DetailList } from './detail-list';
import { LineCard } from './line-card';
import { PushCard } from './push-card';
import { bankAccountQueryKey, useBankAccount, useProfile } from './profile-api';
import styles from './profile-screen.module.css';

type OpenSheet = 'password' | 'bankName' | null;

/**
 * /user/profile (docs/screens.md, "Profile"): name, member id, created date, username,
 * the bank account; the lock opens the change-password dialog; a KTB, TMB or
 * BBL account with a non-Latin name is offered the name edit.
 */
export function ProfileScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const profile = useProfile();
  const bankAccount = useBankAccount();
  const queryClient = useQueryClient();
  // `?changePassword=1`: the login sends a member whose password an operator reset straight to the change.
  const [sheet, setSheet] = useState<OpenSheet>(() =>
    new URLSearchParams(window.location.search).has('changePassword') ? 'password' : null,
  );
  const detailsId = useId();
  const bankId = useId();
  const careId = useId();

  const account = bankAccount.data;
  const bankCode = account?.bankCode;
  const canFixName = account ? needsLatinNameFix(bankCode, account.bankAccountName) : false;

  return (
    <Page title={t('profile.title')}>
      <section className={styles.card} aria-labelledby={detailsId}>
        <div className={styles.cardHeader}>
          <h2 id={detailsId} className={styles.cardTitle}>
            {t('profile.details')}
          </h2>
          <button type="button" className={styles.lockButton} onClick={() => setSheet('password')} aria-haspopup="dialog">
            <Lock aria-hidden="true" size={18} strokeWidth={2} />
            <span>{t('profile.changePassword.open')}</span>
          </button>
        </div>
        {profile.isPending && (
          <div className={styles.skeleton} role="status">
            <span className="visually-hidden">{t('common.loading')}</span>
          </div>
        )}
        {profile.isError && (
          <div className={styles.failed} role="alert">
            <p>{t('common.loadFailed')}</p>
            <Button variant="secondary" onClick={() => void profile.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        )}
        {profile.data && (
          <DetailList
            items={[
              { label: t('profile.name'), value: profile.data.name },
              { label: t('profile.memberId'), value: String(profile.data.memberNo), latin: true },
              { label: t('profile.createdAt'), value: formatDateTime(profile.data.createdAt), latin: true },
              { label: t('profile.username'), value: profile.data.username, latin: true },
            ]}
          />
        )}
      </section>

      <section className={styles.card} aria-labelledby={bankId}>
        <div className={styles.cardHeader}>
          <h2 id={bankId} className={styles.cardTitle}>
            <Landmark aria-hidden="true" size={20} strokeWidth={2} />
            {t('profile.bankTitle')}
          </h2>
        </div>
        {bankAccount.isPending && (
          <div className={styles.skeleton} role="status">
            <span className="visually-hidden">{t('common.loading')}</span>
          </div>
        )}
        {(bankAccount.isError || bankAccount.data === null) && <p className={styles.muted}>{t('profile.noBank')}</p>}
        {account && (
          <DetailList
            items={[
              { label: t('profile.bankAccountName'), value: account.bankAccountName },
              { label: t('profile.bankName'), value: localName(account.bank, locale) },
              { label: t('profile.bankAccountNo'), value: formatAccountNumber(account.bankAccountNo), latin: true },
            ]}
          />
        )}
        {account && canFixName && bankCode && (
          <div className={styles.notice}>
            <p>{t('bankNameEdit.notice')}</p>
            <Button variant="secondary" block onClick={() => setSheet('bankName')} aria-haspopup="dialog">
              <PencilLine aria-hidden="true" size={18} strokeWidth={2} />
              {t('bankNameEdit.open')}
            </Button>
          </div>
        )}
      </section>

      <LineCard />
      <PushCard />

      <section className={styles.card} aria-labelledby={careId}>
        <div className={styles.cardHeader}>
          <h2 id={careId} className={styles.cardTitle}>
            <ShieldCheck aria-hidden="true" size={20} strokeWidth={2} />
            {t('care.profileTitle')}
          </h2>
        </div>
        <p className={styles.muted}>{t('care.profileText')}</p>
        <LinkButton to="/user/limits" variant="secondary" block>
          {t('care.open')}
        </LinkButton>
      </section>

      <ChangePasswordSheet open={sheet === 'password'} onClose={() => setSheet(null)} />
      {account && bankCode && (
        <BankNameSheet
          open={sheet === 'bankName'}
          onClose={() => setSheet(null)}
          bankCode={bankCode}
          currentName={account.bankAccountName}
          onSaved={(bankAccountName) =>
            queryClient.setQueryData<TBankAccount | null>(bankAccountQueryKey, (old) => old && { ...old, bankAccountName })
          }
        />
      )}
    </Page>
  );
}
