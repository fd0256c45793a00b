import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@jetton/contract/constants';
import { ROUTES } from '@jetton/contract/routes';
import {
  ZCouponClaimResponse,
  ZCouponListResponse,
  ZSeedRotateResponse,
  ZSpinHistoryResponse,
  ZSpinResponse,
  ZSpinSetupResponse,
  ZWheelVersionResponse,
} from '@jetton/contract/spin';
import { apiPath } from '@jetton/contract/routes';
import { apiRequest } from '@jetton/ui/lib/api-client';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { useMoneyPost } from '@/lib/money-post';

export const spinSetupKey = ['spin', 'setup'] as const;
export const couponsKey = ['spin', 'coupons'] as const;

/** GET /api/spinwheel/setup: the wheel (name, slices), the member's coins and seed commitment. */
export function useSpinSetup() {
  return useQuery({
    queryKey: spinSetupKey,
    queryFn: ({ signal }) => apiRequest(ROUTES.spinwheel.setup, { schema: ZSpinSetupResponse, signal }),
    staleTime: 0,
  });
}

/** GET /api/spinwheel/coupon: 3 a page, newest first. */
export function useCoupons(page: number) {
  return useQuery({
    queryKey: [...couponsKey, page],
    queryFn: ({ signal }) =>
      apiRequest(`${ROUTES.spinwheel.coupon}?page=${page}&limit=${PAGE_SIZE.coupon}`, {
        schema: ZCouponListResponse,
        signal,
        background: true,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/spinwheel/spin: takes a coin; the server draws the slice. */
export function useSpin() {
  return useMoneyPost<undefined, typeof ZSpinResponse>(ROUTES.spinwheel.spin, ZSpinResponse);
}

/** POST /api/spinwheel/coupon/claim {coupon}. */
export function useClaimCoupon() {
  return useMoneyPost<{ coupon: string }, typeof ZCouponClaimResponse>(ROUTES.spinwheel.claim, ZCouponClaimResponse);
}

/** GET /api/spinwheel/history: the member's spins; a server seed shows once revealed. */
export function useSpinHistory(page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['spin', 'history', page],
    queryFn: ({ signal }) =>
      apiRequest(`${ROUTES.spinwheel.history}?page=${page}&limit=5`, { schema: ZSpinHistoryResponse, signal, background: true }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/spinwheel/fairness/rotate: reveals the server seed, commits to a new one. */
export function useRotateSeed() {
  const queryClient = useQueryClient();
  return useMutation<z.output<typeof ZSeedRotateResponse>, ApiError, string | undefined>({
    mutationFn: (clientSeed) =>
      apiRequest(ROUTES.spinwheel.rotateSeed, { method: 'POST', body: clientSeed ? { clientSeed } : {}, schema: ZSeedRotateResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['spin'] }),
  });
}

/** GET /api/spinwheel/wheel/:version: the weights a past spin was drawn with. */
export function fetchWheelVersion(version: number) {
  return apiRequest(apiPath(ROUTES.spinwheel.wheelVersion, { version: String(version) }), {
    schema: ZWheelVersionResponse,
    background: true,
  });
}
