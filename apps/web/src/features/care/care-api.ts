import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZBreakState,
  ZCareHold,
  ZLimitsState,
  ZRealityCheck,
  type TBreakChoice,
  type TBreakState,
  type TLimitsState,
  type TRealityCheck,
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

const realityKey = ['care', 'reality-check'] as const;

/** GET /api/care/reality-check: asked again every minute while the member has reminders on. */
export function useRealityCheck() {
  return useQuery({
    queryKey: realityKey,
    queryFn: ({ signal }) => apiRequest(ROUTES.care.realityCheck, { schema: ZRealityCheck, signal, background: true }),
    refetchInterval: (query) => ((query.state.data?.minutes ?? 0) > 0 ? 60_000 : false),
  });
}

/** PUT /api/care/reality-check: the interval (0: off). */
export function useSetRealityMinutes() {
  const queryClient = useQueryClient();
  return useMutation<TRealityCheck, ApiError, number>({
    mutationFn: (minutes) => apiRequest(ROUTES.care.realityCheck, { method: 'PUT', body: { minutes }, schema: ZRealityCheck }),
    onSuccess: (state) => queryClient.setQueryData(realityKey, state),
  });
}

/** POST /api/care/reality-check: keep playing, or stop. */
export function useAnswerRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation<TRealityCheck, ApiError, 'continue' | 'stop'>({
    mutationFn: (choice) => apiRequest(ROUTES.care.realityCheck, { method: 'POST', body: { choice }, schema: ZRealityCheck }),
    onSuccess: (state) => queryClient.setQueryData(realityKey, state),
  });
}
