import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath, ROUTES } from '@jetton/contract/routes';
import {
  ZBonusActive,
  ZBonusList,
  ZBonusMinimum,
  ZMessageAnswer,
  ZPromotion,
  ZPromotionCurrent,
  ZUserBonus,
} from '@jetton/contract/rewards';
import { apiRequest } from '@jetton/ui/lib/api-client';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { walletQueryKey } from '@/lib/wallet-api';

const bonusKey = ['bonus'] as const;

/** GET /api/bonus: the listed bonuses with the member's receipts. */
export function useBonuses() {
  return useQuery({
    queryKey: [...bonusKey, 'list'],
    queryFn: ({ signal, client, queryKey }) =>
      apiRequest(ROUTES.bonus.list, { schema: ZBonusList, signal, background: client.getQueryData(queryKey) !== undefined }),
  });
}

/** GET /api/bonus/check/active: the active bonus and its turnover progress (read again every 15 s while shown). */
export function useActiveBonus() {
  return useQuery({
    queryKey: [...bonusKey, 'active'],
    refetchInterval: 15_000,
    queryFn: ({ signal, client, queryKey }) =>
      apiRequest(ROUTES.bonus.checkActive, { schema: ZBonusActive, signal, background: client.getQueryData(queryKey) !== undefined }),
  });
}

/** GET /api/bonus/check/minimum: the smallest wallet any listed bonus accepts (shown above the list). */
export function useBonusMinimum() {
  return useQuery({
    queryKey: [...bonusKey, 'minimum'],
    queryFn: ({ signal }) => apiRequest(ROUTES.bonus.checkMinimum, { schema: ZBonusMinimum, signal, background: true }),
    staleTime: 60_000,
  });
}

/** GET /api/promotion/current: the promotion behind the active bonus (its description and fail percent), read only while one is active. */
export function useCurrentPromotion(enabled: boolean) {
  return useQuery({
    queryKey: [...bonusKey, 'promotion'],
    queryFn: ({ signal }) => apiRequest(ROUTES.promotion.current, { schema: ZPromotionCurrent, signal, background: true }),
    enabled,
  });
}

/** After a bonus changes: the list, the active bonus and the wallet are read again. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: bonusKey });
    void queryClient.invalidateQueries({ queryKey: walletQueryKey });
  };
}

export function useActivateBonus() {
  const refresh = useRefreshAfter();
  return useMutation<unknown, ApiError, string>({
    mutationFn: (code) => apiRequest(apiPath(ROUTES.bonus.activate, { code }), { schema: ZUserBonus }),
    onSettled: refresh,
  });
}

export function useClearBonus() {
  const refresh = useRefreshAfter();
  return useMutation<unknown, ApiError>({
    mutationFn: () => apiRequest(ROUTES.bonus.clear, { schema: ZMessageAnswer }),
    onSettled: refresh,
  });
}

/** GET /api/promotion/find/{code}: the code is upper-cased before it is sent. */
export function useFindPromotion() {
  return useMutation({
    mutationFn: (code: string) => apiRequest(apiPath(ROUTES.promotion.find, { code: code.toUpperCase() }), { schema: ZPromotion }),
  });
}

export function useActivatePromotion() {
  const refresh = useRefreshAfter();
  return useMutation<unknown, ApiError, string>({
    mutationFn: (code) => apiRequest(apiPath(ROUTES.promotion.activate, { code: code.toUpperCase() }), { schema: ZUserBonus }),
    onSettled: refresh,
  });
}
