import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZBreakState,
  ZCareHold,
  ZLimitsState,
  type TBreakChoice,
  type TBreakState,
  type TLimitsState,
  type TLimitChange,
  type TLimitKind,
  type TLimitPeriod,
} from '@jetton/contract/care';
import { ROUTES } from '@jetton/contract/routes';
import { apiRequest } from '@jetton/ui/lib/api-client';
import { limitsQueryKey } from '@/lib/care-limits';
import type { ApiError } from '@jetton/ui/lib/api-error';

const breakKey = ['care', 'break'] as const;
const holdsKey = ['care', 'holds'] as const;

export { useLimits } from '@/lib/care-limits';

/** PUT /api/care/limits: set, lower, raise or remove one limit (raises and removals wait, docs/player-care.md). */
export function useChangeLimit() {
  const queryClient = useQueryClient();
  return useMutation<TLimitsState, ApiError, TLimitChange>({
    mutationFn: (change: TLimitChange) => apiRequest(ROUTES.care.limits, { method: 'PUT', body: change, schema: ZLimitsState }),
    onSuccess: (state) => queryClient.setQueryData(limitsQueryKey, state),
  });
}

/** POST /api/care/limits/confirm or /cancel: the member's second word on a waiting raise or removal. */
export function usePendingLimit(action: 'confirm' | 'cancel') {
  const queryClient = useQueryClient();
  const path = action === 'confirm' ? ROUTES.care.limitConfirm : ROUTES.care.limitCancel;
  return useMutation<TLimitsState, ApiError, { kind: TLimitKind; period: TLimitPeriod }>({
    mutationFn: (slot: { kind: TLimitKind; period: TLimitPeriod }) =>
      apiRequest(path, { method: 'POST', body: slot, schema: ZLimitsState }),
    onSuccess: (state) => queryClient.setQueryData(limitsQueryKey, state),
  });
}

export function useBreak() {
  return useQuery({ queryKey: breakKey, queryFn: ({ signal }) => apiRequest(ROUTES.care.break, { schema: ZBreakState, signal }) });
}

/** POST /api/care/break: the choice, confirmed with the member's password. */
export function useTakeBreak() {
  const queryClient = useQueryClient();
  return useMutation<TBreakState, ApiError, { choice: TBreakChoice; password: string }>({
    mutationFn: (body: { choice: TBreakChoice; password: string }) =>
      apiRequest(ROUTES.care.break, { method: 'POST', body, schema: ZBreakState }),
    onSuccess: (state) => queryClient.setQueryData(breakKey, state),
  });
}

export function useHolds() {
  return useQuery({
    queryKey: holdsKey,
    queryFn: ({ signal }) => apiRequest(ROUTES.care.holds, { schema: z.object({ holds: z.array(ZCareHold) }), signal }),
  });
}
