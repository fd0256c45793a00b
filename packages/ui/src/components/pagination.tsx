import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import styles from './pagination.module.css';

type PaginationProps = { page: number; pageCount: number; onChange: (page: number) => void; label: string };

/** Previous / "Page 2 of 5" / next, for the paginated lists and tables (10 a page). */
export function Pagination({ page, pageCount, onChange, label }: PaginationProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={label}>
      <button
        type="button"
        className={styles.step}
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
        aria-label={t('common.previousPage')}
      >
        <ChevronLeft aria-hidden="true" size={20} strokeWidth={2} />
      </button>
      <p className={styles.status} aria-live="polite">
        {t('common.pageOf', { page, total: pageCount })}
      </p>
      <button
        type="button"
        className={styles.step}
        onClick={() => onChange(page + 1)}
        disabled={page >= pageCount}
        aria-label={t('common.nextPage')}
      >
        <ChevronRight aria-hidden="true" size={20} strokeWidth={2} />
      </button>
    </nav>
  );
}
