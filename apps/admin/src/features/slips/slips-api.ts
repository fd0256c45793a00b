import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZSlipList, type TSlipCreditRequest, type TSlipFailRequest } from '@jetton/contract/admin/money';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { apiPath } from '@jetton/contract/routes';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { adminRequest } from '@admin/lib/admin-api';
import { withQuery } from '@admin/lib/query-string';

export const PAGE_SIZE = 50;

export function useSlips(status: string, offset: number) {
  return useQuery({
    queryKey: ['admin', 'slips', status, offset],
    queryFn: ({ signal }) =>
      adminRequest(withQuery(ADMIN_ROUTES.slips.list.path, { status, offset, limit: PAGE_SIZE }), { schema: ZSlipList, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

type SlipDecision = { id: string; action: 'credit'; body: TSlipCreditRequest } | { id: string; action: 'fail'; body: TSlipFailRequest };

/** Credit an undecided slip (the amount comes from the bank's record) or fail it with a note code. */
export function useSlipDecision() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, SlipDecision>({
    mutationFn: ({ id, action, body }) =>
      adminRequest(apiPath(ADMIN_ROUTES.slips[action].path, { id }), { method: 'POST', body, schema: z.unknown() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'slips'] }),
  });
}
