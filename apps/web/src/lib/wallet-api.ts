import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROUTES } from '@jetton/contract/routes';
import { STORAGE_KEYS } from '@jetton/contract/constants';
import { ZSlotsResponse, ZWalletResponse, type TWalletResponse } from '@jetton/contract/wallet';
import { apiRequest } from '@jetton/ui/lib/api-client';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { storage } from '@jetton/ui/lib/storage';

/** The wallet's query key: every feature that moves money reads the wallet again through it. */
export const walletQueryKey = ['wallet'] as const;

/**
 * GET /api/wallet: profile, bank account, wallet, invite summary and every game
 * account. Read again whenever the tab becomes visible, however fresh: the
 * member comes back from the banking app after paying (docs/member-web.md).
 */
export function useWallet() {
  return useQuery({
    queryKey: walletQueryKey,
    refetchOnWindowFocus: 'always',
    queryFn: ({ signal, client, queryKey }) =>
      apiRequest(ROUTES.wallet.summary, {
        schema: ZWalletResponse,
        signal,
        background: client.getQueryData(queryKey) !== undefined,
      }),
  });
}

/** When 'check balance' last ran (localStorage `last_sync`, epoch ms), or undefined. */
export function readLastSync(): number | undefined {
  const value = Number(storage.get(STORAGE_KEYS.lastSync));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * 'Check balance' / 'refresh all': GET /api/wallet/refresh/slot asks every
 * provider for its balance; then the wallet is read again and the time kept.
 */
export function useRefreshSlots() {
  const queryClient = useQueryClient();
  return useMutation<number, ApiError>({
    mutationFn: async () => {
      const { slots } = await apiRequest(ROUTES.wallet.refreshSlot, { schema: ZSlotsResponse });
      queryClient.setQueryData<TWalletResponse>(walletQueryKey, (old) => old && { ...old, slots });
      const now = Date.now();
      storage.set(STORAGE_KEYS.lastSync, String(now));
      return now;
    },
    // The wallet itself may have moved meanwhile (a pending transfer settled): read it again quietly.
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletQueryKey }),
  });
}
