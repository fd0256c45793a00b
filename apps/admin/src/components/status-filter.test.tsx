import { describe, expect, it } from 'vitest';
import { renderToHtml } from '@admin/test/render';
import { MemberLink, StatusFilter } from './status-filter';

const noop = (): void => undefined;

describe('StatusFilter', () => {
  it('names each status from its section, labels the select and keeps the chosen one', () => {
    const html = renderToHtml(
      <StatusFilter statuses={['PENDING', 'SUCCESS', 'all']} section="transfers" value="SUCCESS" onChange={noop} />,
    );
    expect(html).toContain('Status');
    expect(html.match(/<option[^>]*>[^<]*<\/option>/g)).toEqual([
      '<option value="PENDING">Pending</option>',
      '<option value="SUCCESS" selected="">Done</option>',
      '<option value="all">All</option>',
    ]);
  });
});

describe('MemberLink', () => {
  it('links to the member by phone, or by the start of the id when the phone is unknown', () => {
    const id = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    expect(renderToHtml(<MemberLink memberId={id} phone="0812345678" />)).toBe(
      `<a href="/members/${id}" data-discover="true">0812345678</a>`,
    );
    expect(renderToHtml(<MemberLink memberId={id} phone={null} />)).toContain('>0193a1b2</a>');
  });
});
