import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZAdminWithdrawal,
  ZWithdrawalDecision,
  ZWithdrawalList,
  type TSettleRequest,
  type TWithdrawalDecision,
} from '@jetton/contract/admin/money';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { apiPath } from '@jetton/contract/routes';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { adminRequest } from '@admin/lib/admin-api';
import { withQuery } from '@admin/lib/query-string';

export type WithdrawalFilters = { status: string; minAmount: string; maxAmount: string; from?: string; to?: string; offset: number };

export const PAGE_SIZE = 50;

export function useWithdrawals(filters: WithdrawalFilters) {
  return useQuery({
    queryKey: ['admin', 'withdrawals', filters],
    queryFn: ({ signal }) =>
      adminRequest(withQuery(ADMIN_ROUTES.withdrawals.list.path, { ...filters, limit: PAGE_SIZE }), { schema: ZWithdrawalList, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

type Decision = { id: string; action: 'approve' | 'confirm' | 'reject'; reason?: string };

/** approve (the maker), confirm (the checker) or reject with a reason (docs/operators.md, "Four eyes"). */
export function useWithdrawalDecision() {
  const queryClient = useQueryClient();
  return useMutation<TWithdrawalDecision, ApiError, Decision>({
    mutationFn: ({ id, action, reason }) =>
      adminRequest(apiPath(ADMIN_ROUTES.withdrawals[action].path, { id }), {
        method: 'POST',
        body: action === 'reject' ? { reason } : {},
        schema: ZWithdrawalDecision,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawals'] }),
  });
}

/** A payout whose outcome stayed unknown: paid or failed as read at the bank, or asked again now. */
export function useSettlePayout() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, { id: string; body: TSettleRequest }>({
    mutationFn: ({ id, body }) =>
      adminRequest(apiPath(ADMIN_ROUTES.payouts.settle.path, { id }), { method: 'POST', body, schema: ZAdminWithdrawal }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawals'] }),
  });
}
