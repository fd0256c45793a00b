import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BannerCarousel } from '@/components/banner-carousel/banner-carousel';
import { Button } from '@jetton/ui/components/button';
import { Pagination } from '@jetton/ui/components/pagination';
import { Sheet } from '@jetton/ui/components/sheet';
import { showToast } from '@jetton/ui/components/toast-store';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { formatDateTime, formatMoneyIn } from '@jetton/ui/lib/format';
import { useCurrency } from '@/lib/money-rules';
import { localizedText } from '@/lib/localized-text';
import { translateError } from '@jetton/ui/lib/translate-error';
import { REFUND_PAGE_SIZE, useReceiveRefund, useRefundBanners, useRefundCheck, useRefunds, useRefundToWallet } from './refund-api';
import styles from './refund-sheet.module.css';

/**
 * The refund dialog (docs/rewards.md, "Refund of losses"): banners first when
 * there are any; then the accrued amount with receive (disabled while a bonus
 * is active, with the two conditions), the refund-to-wallet confirmation while
 * a refund bonus runs, and the refund rows 10 a page.
 */
export function RefundSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const banners = useRefundBanners(open);
  const [seenBanners, setSeenBanners] = useState(false);
  const showBanners = !seenBanners && (banners.data?.length ?? 0) > 0;
  const close = () => {
    setSeenBanners(false);
    onClose();
  };
  return (
    <Sheet open={open} onClose={close} title={t('refund.title')}>
      {showBanners && banners.data ? (
        <div className={styles.body}>
          <BannerCarousel banners={banners.data} label={t('refund.banners')} />
          <Button block onClick={() => setSeenBanners(true)}>
            {t('refund.continue')}
          </Button>
        </div>
      ) : (
        <RefundBody open={open && !banners.isPending} />
      )}
    </Sheet>
  );
}

function RefundBody({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const check = useRefundCheck(open);
  const refunds = useRefunds(page, open);
  const receive = useReceiveRefund();
  const toWallet = useRefundToWallet();
  const pageCount = Math.max(1, Math.ceil((refunds.data?.total ?? 0) / REFUND_PAGE_SIZE));
  const fail = (e: { code: string }) => showToast(translateError(t, e.code), 'danger');
  const c = check.data;

  return (
    <div className={styles.body}>
      {c && (
        <div className={styles.summary}>
          <p className={styles.amountLabel}>{t('refund.accrued')}</p>
          <p className={styles.amount}>{formatMoneyIn(c.refundAmount, currency)}</p>
          {c.refundActive ? (
            confirming ? (
              <div className={styles.confirm} role="group" aria-label={t('refund.toWalletTitle')}>
                <p>{t('refund.toWalletText', { success: c.refundSuccess, fail: c.refundFail })}</p>
                <div className={styles.row}>
                  <Button variant="secondary" onClick={() => setConfirming(false)}>
                    {t('common.cancel')}
                  </Button>
                  <Button
                    loading={toWallet.isPending}
                    onClick={() =>
                      toWallet.mutate(undefined, {
                        onSuccess: () => {
                          setConfirming(false);
                          showToast(t('refund.toWalletDone'), 'success');
                        },
                        onError: fail,
                      })
                    }
                  >
                    {t('refund.toWalletConfirm')}
                  </Button>
                </div>
              </div>
            ) : (
              <Button block onClick={() => setConfirming(true)}>
                {t('refund.toWallet')}
              </Button>
            )
          ) : (
            <Button
              block
              disabled={c.bonus || c.refundAmount <= 0}
              loading={receive.isPending}
              onClick={() => receive.mutate(undefined, { onSuccess: () => showToast(t('refund.received'), 'success'), onError: fail })}
            >
              {t('refund.receive')}
            </Button>
          )}
          {c.bonus && !c.refundActive && (
            <ul className={styles.conditions}>
              {c.info.map((text, index) => (
                <li key={index}>{localizedText(text, locale)}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {refunds.data?.refunds.length === 0 && <p className={styles.empty}>{t('refund.notFound')}</p>}
      {refunds.data && refunds.data.refunds.length > 0 && (
        <table className={styles.table}>
          <caption className="visually-hidden">{t('refund.table')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('refund.amount')}</th>
              <th scope="col">{t('refund.date')}</th>
            </tr>
          </thead>
          <tbody>
            {refunds.data.refunds.map((row, index) => (
              <tr key={`${row.createdAt}-${index}`}>
                <td className={styles.number}>{formatMoneyIn(row.refundAmount, currency)}</td>
                <td>{formatDateTime(row.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={page} pageCount={pageCount} onChange={setPage} label={t('refund.pages')} />
    </div>
  );
}
