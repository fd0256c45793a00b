import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROUTES, apiPath } from '@jetton/contract/routes';
import { STORAGE_KEYS } from '@jetton/contract/constants';
import { ZGameAccount, ZSlotsResponse, ZWalletResponse, type TGameAccount, type TWalletResponse } from '@jetton/contract/wallet';
import { apiRequest } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { storage } from '@/lib/storage';

export const walletQueryKey = ['wallet'] as const;
const gameAccountKey = (code: string) => ['wallet', 'account', code] as const;

/** GET /api/wallet: profile, bank account, wallet, invite summary and every game account. */
export function useWallet() {
  return useQuery({
    queryKey: walletQueryKey,
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

/** GET /api/wallet/account/{code}: the game account with its credentials (active accounts only). */
export function useGameAccount(code: string, enabled: boolean) {
  return useQuery({
    queryKey: gameAccountKey(code),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(ROUTES.wallet.account, { code }), { schema: ZGameAccount, signal, background: true }),
    enabled,
    staleTime: 0,
  });
}

/** Puts a fresh game account answer into both caches (the card list and the dialog). */
function useStoreGameAccount() {
  const queryClient = useQueryClient();
  return (account: TGameAccount): void => {
    queryClient.setQueryData(gameAccountKey(account.code), account);
    queryClient.setQueryData<TWalletResponse>(walletQueryKey, (old) =>
      old && { ...old, slots: old.slots.map((slot) => (slot.code === account.code ? { ...slot, ...account } : slot)) },
    );
  };
}

/** 'Open account' (GET activate) and 'reset password' (GET resetpassword): both answer the account. */
export function useGameAccountAction(kind: 'activate' | 'resetPassword') {
  const store = useStoreGameAccount();
  return useMutation<TGameAccount, ApiError, string>({
    mutationFn: (code) => apiRequest(apiPath(ROUTES.wallet[kind], { code }), { schema: ZGameAccount }),
    onSuccess: store,
  });
}
