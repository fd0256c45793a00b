import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@jetton/ui/components/button';
import { Notice } from '@admin/components/notice';
import ui from '@admin/components/ui.module.css';
import { errorText } from '@admin/lib/error-text';

/** A column heading; `numeric` right-aligns it over amounts and counts (the cells say `ui.num` too). */
export type Heading = string | { label: string; numeric: true };

/** Offset paging as the back office's lists answer it: `total` rows, `pageSize` at a time. */
export type Paging = { offset: number; pageSize: number; total: number; onChange: (offset: number) => void };

export type DataTableProps = {
  /** The filters above the table, as drawn (a `ui.toolbar` form or div). */
  toolbar?: ReactNode;
  /** The list's query error, shown above the table. */
  error?: unknown;
  caption: ReactNode;
  headings: Heading[];
  /** The rows (`<tr>`), one per item. */
  children: ReactNode;
  /** Whether the list has loaded and holds no item: then `empty` is said under the headings (a list never empty omits both). */
  isEmpty?: boolean;
  empty?: ReactNode;
  paging?: Paging;
};

/**
 * A back-office list: its filters, the load error, the table with its caption and headings, the
 * "nothing here" line and the previous/next pager. A screen writes only its filters and rows.
 */
export function DataTable({ toolbar, error, caption, headings, children, isEmpty = false, empty, paging }: DataTableProps) {
  const { t } = useTranslation();
  return (
    <>
      {toolbar}
      {error ? <Notice tone="danger">{errorText(t, error)}</Notice> : null}
      <div className={ui.tableWrap}>
        <table className={ui.table}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {headings.map((heading) =>
                typeof heading === 'string' ? (
                  <th key={heading} scope="col">
                    {heading}
                  </th>
                ) : (
                  <th key={heading.label} scope="col" className={ui.num}>
                    {heading.label}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
        {isEmpty && <p className={ui.empty}>{empty}</p>}
      </div>
      {paging && <Pager {...paging} />}
    </>
  );
}

function Pager({ offset, pageSize, total, onChange }: Paging) {
  const { t } = useTranslation();
  return (
    <div className={ui.rowActions}>
      <Button variant="secondary" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - pageSize))}>
        {t('common.previousPage')}
      </Button>
      <Button variant="secondary" disabled={offset + pageSize >= total} onClick={() => onChange(offset + pageSize)}>
        {t('common.nextPage')}
      </Button>
    </div>
  );
}
