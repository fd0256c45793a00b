import { describe, expect, it } from 'vitest';
import sharedEn from '@jetton/ui/i18n/en.json';
import { ApiError } from '@jetton/ui/lib/api-error';
import { renderToHtml } from '@admin/test/render';
import { DataTable, type DataTableProps } from './data-table';

const noop = (): void => undefined;

function draw(props: Partial<DataTableProps> = {}): string {
  return renderToHtml(
    <DataTable
      caption="Transfers"
      headings={['Member', { label: 'Amount', numeric: true }]}
      isEmpty={false}
      empty="Nothing here"
      {...props}
    >
      {props.children ?? (
        <tr>
          <td>0812345678</td>
          <td>100.00</td>
        </tr>
      )}
    </DataTable>,
  );
}

/** The `<button>` whose text is `label`, as written (attributes included). */
const button = (html: string, label: string): string => html.match(/<button[^>]*>.*?<\/button>/g)?.find((b) => b.includes(label)) ?? '';

describe('DataTable', () => {
  it('draws the caption, a column heading per heading and the rows', () => {
    const html = draw();
    expect(html).toContain('<caption>Transfers</caption>');
    expect(html.match(/<th scope="col"/g)).toHaveLength(2);
    expect(html).toMatch(/<th scope="col"[^>]*>Member<\/th>/);
    expect(html).toContain('<td>0812345678</td>');
    expect(html).not.toContain('Nothing here');
  });

  it('says the list is empty only when told', () => {
    expect(draw({ isEmpty: true, children: null })).toContain('Nothing here');
  });

  it('shows the filters above the table', () => {
    const html = draw({ toolbar: <form aria-label="Filters">status</form> });
    expect(html.indexOf('aria-label="Filters"')).toBeLessThan(html.indexOf('<table'));
  });

  it("words the list's error in the operator's language, as an alert", () => {
    const html = draw({ error: new ApiError('MONEY_NOT_ENOUGH', 400) });
    expect(html).toContain('role="alert"');
    expect(html).toContain(sharedEn.errors.MONEY_NOT_ENOUGH);
    expect(draw({ error: new Error('network') })).toContain(sharedEn.errors.INTERNAL_SERVER_ERROR);
  });

  it('has no pager unless paged, and pages by offset', () => {
    expect(draw()).not.toContain('Next page');
    const first = draw({ paging: { offset: 0, pageSize: 50, total: 120, onChange: noop } });
    expect(button(first, 'Previous page')).toContain('disabled');
    expect(button(first, 'Next page')).not.toContain('disabled');
    const last = draw({ paging: { offset: 100, pageSize: 50, total: 120, onChange: noop } });
    expect(button(last, 'Previous page')).not.toContain('disabled');
    expect(button(last, 'Next page')).toContain('disabled');
  });
});
