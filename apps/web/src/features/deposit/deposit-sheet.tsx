import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TWalletResponse } from '@jetton/contract/wallet';
import { Sheet } from '@jetton/ui/components/sheet';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { localizedText } from '@/lib/localized-text';
import { useMoneyRules } from '@/lib/money-rules';
import { useSiteNotice } from '@/lib/site-notice';
import { useDepositCredited, useDepositLookup } from './deposit-api';
import { DepositArrived } from './deposit-arrived';
import { AutoDepositWatch } from './deposit-auto-watch';
import { DepositAccounts } from './deposit-bank-tab';
import { GiftLinkForm } from './deposit-gift-tab';
import { DepositNoticeForm } from './deposit-manual';
import { QrDeposit } from './deposit-qr-tab';
import { SlipUploadForm } from './slip-upload-form';
import { DepositRoom } from './deposit-room';
import styles from './deposit.module.css';

type DepositSheetProps = { open: boolean; onClose: () => void; wallet: TWalletResponse };

const TABS = ['bank', 'qr', 'gift'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABEL = { bank: 'tabBank', qr: 'tabQr', gift: 'tabGift' } as const;

/**
 * Deposit modal (docs/screens.md, "Home"): bank transfer with a slip upload, QR
 * per provider, or a gift link; in manual mode an account and 'I have transferred'.
 * Once a QR, gift link or slip is credited the dialog says so and offers "Done"
 * (docs/member-web.md, "Watching a deposit").
 */
export function DepositSheet({ open, onClose, wallet }: DepositSheetProps) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onClose={onClose} title={t('home.depositDialog.title')}>
      <DepositBody wallet={wallet} onDone={onClose} />
    </Sheet>
  );
}

function DepositBody({ wallet, onDone }: { wallet: TWalletResponse; onDone: () => void }) {
  const { t } = useTranslation();
  const lookup = useDepositLookup();
  const giftLinkMin = useMoneyRules().data?.giftLinkMin;
  const locale = useLocale();
  const notice = useSiteNotice();
  const noticeText = notice.data ? localizedText(notice.data.text, locale) : '';
  const [tab, setTab] = useState<Tab>('bank');
  const baseId = useId();
  const credited = useDepositCredited();
  const [arrived, setArrived] = useState<number | null>(null);
  const onArrived = useCallback(
    (amount: number) => {
      credited();
      setArrived(amount);
    },
    [credited],
  );
  if (arrived !== null) return <DepositArrived amount={arrived} onDone={onDone} />;
  if (!lookup.data) {
    return (
      <p role="status" className={styles.muted}>
        {t('common.loading')}
      </p>
    );
  }
  const banks = lookup.data.banks.filter((bank) => bank.currency === wallet.wallet.currency);
  // Gift links pay baht: a currency without a gift-link minimum is not offered the tab (docs/money.md, "Rules per currency").
  const tabs = TABS.filter((item) => item !== 'gift' || giftLinkMin != null);
  if (lookup.data.isManual) {
    return (
      <div className={styles.body}>
        <DepositRoom />
        <p className={styles.muted}>{t('home.depositDialog.manualTitle')}</p>
        <DepositAccounts banks={banks} />
        <DepositNoticeForm onDone={onDone} />
      </div>
    );
  }
  const panelId = `${baseId}-panel`;
  return (
    <div className={styles.body}>
      <DepositRoom />
      <div role="tablist" aria-label={t('home.depositDialog.methods')} className={styles.tabs}>
        {tabs.map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            id={`${baseId}-${item}`}
            aria-selected={tab === item}
            aria-controls={panelId}
            className={styles.tab}
            onClick={() => setTab(item)}
          >
            {t(`home.depositDialog.${TAB_LABEL[item]}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={`${baseId}-${tab}`} className={styles.body}>
        {tab === 'bank' && (
          <>
            <p className={styles.muted}>{t('home.depositDialog.accountsTitle')}</p>
            <DepositAccounts banks={banks} />
            {/* AUTO/SMS accounts are watched by the site: the money comes without a slip (docs/auto-deposit.md). */}
            {banks.length > 0 && <AutoDepositWatch wallet={wallet} onArrived={onArrived} />}
            <p className={styles.muted}>{t('home.depositDialog.notice')}</p>
            {noticeText && (
              <p className={styles.siteNotice} role="note" aria-label={t('home.depositDialog.siteNotice')}>
                {noticeText}
              </p>
            )}
            <SlipUploadForm onArrived={onArrived} />
          </>
        )}
        {tab === 'qr' && <QrDeposit onArrived={onArrived} />}
        {tab === 'gift' && giftLinkMin != null && (
          <GiftLinkForm walletAccountName={lookup.data.wallets[0]?.walletAccountName} minimum={giftLinkMin} onArrived={onArrived} />
        )}
      </div>
    </div>
  );
}
