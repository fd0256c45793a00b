import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROUTES } from '@jetton/contract/routes';
import { ZBannerList, ZMessageAnswer, ZRefundCheck, ZRefundList } from '@jetton/contract/rewards';
import { apiRequest } from '@jetton/ui/lib/api-client';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { walletQueryKey } from '@/lib/wallet-api';

export const REFUND_PAGE_SIZE = 10;
const refundKey = ['refund'] as const;

export function useRefundBanners(enabled: boolean) {
  return useQuery({
    queryKey: [...refundKey, 'banners'],
    queryFn: ({ signal }) => apiRequest(ROUTES.refund.banners, { schema: ZBannerList, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/refund/check: what is accrued, whether a bonus is in the way, the conditions and percentages. */
export function useRefundCheck(enabled: boolean) {
  return useQuery({
    queryKey: [...refundKey, 'check'],
    queryFn: ({ signal }) => apiRequest(ROUTES.refund.check, { schema: ZRefundCheck, signal, background: true }),
    enabled,
  });
}

/** POST /api/refund: a page of refund rows (10 a page); a failure is swallowed. */
export function useRefunds(page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...refundKey, 'list', page],
    queryFn: ({ signal }) =>
      apiRequest(ROUTES.refund.list, {
        method: 'POST',
        body: { page, limit: REFUND_PAGE_SIZE },
        schema: ZRefundList,
        signal,
        background: true,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

function useRefundMutation(path: string) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError>({
    mutationFn: () => apiRequest(path, { schema: ZMessageAnswer }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: refundKey });
      void queryClient.invalidateQueries({ queryKey: ['bonus'] });
      void queryClient.invalidateQueries({ queryKey: walletQueryKey });
    },
  });
}

/** GET /api/refund/receive: the accrued refund becomes a refund bonus. */
export const useReceiveRefund = () => useRefundMutation(ROUTES.refund.receive);
/** GET /api/refund/addWallet: the refund bonus ends into the wallet (refundSuccess % or refundFail %). */
export const useRefundToWallet = () => useRefundMutation(ROUTES.refund.addWallet);
