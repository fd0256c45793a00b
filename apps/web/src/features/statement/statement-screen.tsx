import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileImage, ReceiptText } from 'lucide-react';
import { PAGE_SIZE } from '@jetton/contract/constants';
import { Button } from '@jetton/ui/components/button';
import { Page } from '@jetton/ui/components/page';
import { Pagination } from '@jetton/ui/components/pagination';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { localName } from '@jetton/ui/lib/local-name';
import { useBanks } from '@jetton/ui/lib/use-banks';
import { useNow } from '@/lib/use-now';
import { SlipSheet } from './slip-sheet';
import { StatementItem } from './statement-item';
import { useGameNames, useStatements } from './statement-api';
import styles from './statement-screen.module.css';

/**
 * /user/statement (docs/screens.md, "Statement"): the member's money movements, 10 a page,
 * newest first, and the slip history dialog.
 */
export function StatementScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const now = useNow();
  const [page, setPage] = useState(1);
  const [slipsOpen, setSlipsOpen] = useState(false);
  const statements = useStatements(page);
  const gameNames = useGameNames();
  const banks = useBanks();
  // Thai names for Thai, the English ones otherwise (as the deposit dialog shows them).
  const bankNames = useMemo(
    () => banks.data && new Map(banks.data.map((bank) => [bank.code, localName(bank, locale)])),
    [banks.data, locale],
  );
  const pageCount = Math.max(1, Math.ceil((statements.data?.total ?? 0) / PAGE_SIZE.statement));

  return (
    <Page title={t('statement.title')}>
      <Button variant="secondary" block onClick={() => setSlipsOpen(true)} aria-haspopup="dialog">
        <FileImage aria-hidden="true" size={18} strokeWidth={2} />
        {t('statement.slips')}
      </Button>

      {statements.isPending && (
        <div className={styles.skeleton} role="status">
          <span className="visually-hidden">{t('common.loading')}</span>
        </div>
      )}
      {statements.isError && !statements.data && (
        <div className={styles.loadFailed} role="alert">
          <p>{t('common.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void statements.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {statements.data?.statements.length === 0 && (
        <div className={styles.empty}>
          <ReceiptText aria-hidden="true" size={32} strokeWidth={2} />
          <p>{t('statement.empty')}</p>
        </div>
      )}
      {statements.data && statements.data.statements.length > 0 && (
        <ul className={styles.list} aria-label={t('statement.listLabel')} aria-busy={statements.isPlaceholderData || undefined}>
          {statements.data.statements.map((row, index) => (
            <StatementItem
              key={`${row.createdAt}-${index}`}
              row={row}
              gameNames={gameNames.data}
              bankNames={bankNames}
              now={now}
              locale={locale}
            />
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        onChange={(next) => {
          setPage(next);
          window.scrollTo({ top: 0 });
        }}
        label={t('statement.pages')}
      />

      <SlipSheet open={slipsOpen} onClose={() => setSlipsOpen(false)} />
    </Page>
  );
}
