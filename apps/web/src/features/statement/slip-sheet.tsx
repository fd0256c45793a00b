import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshCcw } from 'lucide-react';
import { PAGE_SIZE } from '@jetton/contract/constants';
import type { TSlip } from '@jetton/contract/wallet';
import { Button } from '@jetton/ui/components/button';
import { Pagination } from '@jetton/ui/components/pagination';
import { Sheet } from '@jetton/ui/components/sheet';
import { showToast } from '@jetton/ui/components/toast-store';
import { isApiError } from '@jetton/ui/lib/api-error';
import { formatDateTime, formatMoney } from '@jetton/ui/lib/format';
import { translateError } from '@jetton/ui/lib/translate-error';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { localizedText } from '@/lib/localized-text';
import { useSiteNotice } from '@/lib/site-notice';
import { fetchSlipImage, useSlips } from './statement-api';
import styles from './slip-sheet.module.css';

type SlipSheetProps = { open: boolean; onClose: () => void };

/** Slip history (docs/screens.md, "Statement"): refresh, 10 a page, status with the reason, view-image link. */
export function SlipSheet({ open, onClose }: SlipSheetProps) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onClose={onClose} title={t('statement.slips')}>
      <SlipTable />
    </Sheet>
  );
}

function SlipTable() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const slips = useSlips(page, true);
  const rows = slips.data?.slips ?? [];
  // The answer has no total: a full page means there may be another one.
  const pageCount = rows.length === PAGE_SIZE.slip ? page + 1 : page;
  const locale = useLocale();
  const notice = useSiteNotice().data;
  const noticeText = notice ? localizedText(notice.text, locale) : '';

  return (
    <div className={styles.body}>
      {noticeText && (
        <p className={styles.siteNotice} role="note" aria-label={t('home.depositDialog.siteNotice')}>
          {noticeText}
        </p>
      )}
      <Button variant="secondary" block loading={slips.isFetching} onClick={() => void slips.refetch()}>
        <RefreshCcw aria-hidden="true" size={18} strokeWidth={2} />
        {t('statement.slipDialog.refresh')}
      </Button>
      {slips.isPending && (
        <p role="status" className={styles.empty}>
          {t('common.loading')}
        </p>
      )}
      {slips.data && rows.length === 0 && <p className={styles.empty}>{t('statement.slipDialog.empty')}</p>}
      {rows.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-busy={slips.isFetching || undefined}>
            <caption className="visually-hidden">{t('statement.slipDialog.table')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('statement.slipDialog.date')}</th>
                <th scope="col">{t('statement.slipDialog.amount')}</th>
                <th scope="col">{t('statement.slipDialog.status')}</th>
                <th scope="col">{t('statement.slipDialog.image')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((slip) => (
                <SlipRow key={slip.reference} slip={slip} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} onChange={setPage} label={t('statement.slipDialog.pages')} />
    </div>
  );
}

function SlipRow({ slip }: { slip: TSlip }) {
  const { t } = useTranslation();
  const date = formatDateTime(slip.createdAt);
  const reason = slip.note ? ` (${t(`slipNotes.${slip.note}`)})` : '';

  const viewImage = () => {
    // The tab is taken during the tap (browsers block window.open after an await), then pointed at the link.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    fetchSlipImage(slip.reference).then(
      ({ url }) => {
        if (tab) tab.location.href = url;
        else window.open(url, '_blank', 'noopener');
      },
      (error: unknown) => {
        tab?.close();
        showToast(translateError(t, isApiError(error) ? error.code : 'INTERNAL_SERVER_ERROR'), 'danger');
      },
    );
  };

  return (
    <tr>
      <td>{date}</td>
      <td className={styles.amount}>{slip.amount === null ? '-' : formatMoney(slip.amount)}</td>
      <td className={styles[slip.status]}>
        {t(`statement.slipDialog.${slip.status}`)}
        {reason}
      </td>
      <td>
        <button type="button" className={styles.link} onClick={viewImage} aria-label={t('statement.slipDialog.viewLabel', { date })}>
          {t('statement.slipDialog.view')}
        </button>
      </td>
    </tr>
  );
}
