import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZAdjustmentList, ZAdminAdjustment, type TAdjustmentRequest } from '@jetton/contract/admin/money';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { apiPath } from '@jetton/contract/routes';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { adminRequest } from '@admin/lib/admin-api';
import { withQuery } from '@admin/lib/query-string';

export function useAdjustments(status: string) {
  return useQuery({
    queryKey: ['admin', 'adjustments', status],
    queryFn: ({ signal }) =>
      adminRequest(withQuery(ADMIN_ROUTES.adjustments.list.path, { status, limit: 200 }), { schema: ZAdjustmentList, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Moves money: one Idempotency-Key per operator action, reused if the same action is sent again. */
export function useProposeAdjustment() {
  const queryClient = useQueryClient();
  return useMutation<z.infer<typeof ZAdminAdjustment>, ApiError, { body: TAdjustmentRequest; key: string }>({
    mutationFn: ({ body, key }) =>
      adminRequest(ADMIN_ROUTES.adjustments.propose.path, { method: 'POST', body, idempotencyKey: key, schema: ZAdminAdjustment }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'adjustments'] }),
  });
}

export function useAdjustmentDecision() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, { id: string; action: 'confirm' | 'reject'; reason: string }>({
    mutationFn: ({ id, action, reason }) =>
      adminRequest(apiPath(ADMIN_ROUTES.adjustments[action].path, { id }), {
        method: 'POST',
        body: action === 'reject' ? { reason } : {},
        schema: z.unknown(),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'adjustments'] }),
  });
}
