import { describe, expect, it } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import type { TOperatorMe } from '@jetton/contract/admin/auth';
import type { TAdminTransfer } from '@jetton/contract/admin/money';
import adminEn from '@admin/i18n/en.json';
import { renderToHtml } from '@admin/test/render';
import { meQuery } from '@admin/lib/operator';
import { TransfersScreen } from './transfers-screen';

const operator = (permissions: string[]): TOperatorMe => ({
  id: 'op-1',
  login: 'desk',
  name: 'Desk',
  roles: [],
  permissions,
  totpEnrolled: true,
  mustChangePassword: false,
});

const transfer = (over: Partial<TAdminTransfer>): TAdminTransfer => ({
  id: 't-1',
  memberId: 'member-0001-aaaa',
  memberPhone: '0812345678',
  gameCode: 'pg',
  direction: 'to_game',
  amount: 1234.5,
  currency: 'THB',
  status: 'PENDING',
  reason: 'STATUS_UNKNOWN',
  attempts: 2,
  nextCheckAt: '2026-01-02T03:04:05.000Z',
  createdAt: '2026-01-02T03:00:00.000Z',
  ...over,
});

function draw(permissions: string[], transfers: TAdminTransfer[]): string {
  return renderToHtml(<TransfersScreen />, {
    path: '/transfers',
    seed: (client: QueryClient) => {
      client.setQueryData(meQuery.queryKey, operator(permissions));
      client.setQueryData(['admin', 'transfers', 'PENDING'], { transfers, total: transfers.length });
    },
  });
}

describe('TransfersScreen', () => {
  it('lists the pending transfers with the member, the amount and why each is pending', () => {
    const html = draw(['transfers.recheck'], [transfer({})]);
    expect(html).toContain('href="/members/member-0001-aaaa"');
    expect(html).toContain('0812345678');
    expect(html).toContain('1,234.50');
    expect(html).toContain('STATUS_UNKNOWN');
    expect(html).not.toContain(adminEn.transfers.empty);
  });

  it('offers "check now" only to an operator allowed to, and only on a pending transfer', () => {
    const recheck = (html: string): number => html.split('<button').length - 1;
    expect(recheck(draw(['transfers.recheck'], [transfer({})]))).toBe(1);
    expect(recheck(draw([], [transfer({})]))).toBe(0);
    expect(recheck(draw(['transfers.recheck'], [transfer({ status: 'SUCCESS', reason: null })]))).toBe(0);
  });

  it('says so when nothing is pending', () => {
    const html = draw([], []);
    expect(html).toContain('<tbody></tbody>');
    expect(html).toContain(adminEn.transfers.empty);
  });
});
