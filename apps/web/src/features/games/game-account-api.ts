import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROUTES, apiPath } from '@jetton/contract/routes';
import { ZGameAccount, type TGameAccount, type TWalletResponse } from '@jetton/contract/wallet';
import { apiRequest } from '@jetton/ui/lib/api-client';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { walletQueryKey } from '@/lib/wallet-api';

const gameAccountKey = (code: string) => ['wallet', 'account', code] as const;

/** GET /api/wallet/account/{code}: the game account with its credentials (active accounts only). */
export function useGameAccount(code: string, enabled: boolean) {
  return useQuery({
    queryKey: gameAccountKey(code),
    queryFn: ({ signal }) => apiRequest(apiPath(ROUTES.wallet.account, { code }), { schema: ZGameAccount, signal, background: true }),
    enabled,
    staleTime: 0,
  });
}

/** Puts a fresh game account answer into both caches (the card list and the dialog). */
function useStoreGameAccount() {
  const queryClient = useQueryClient();
  return (account: TGameAccount): void => {
    queryClient.setQueryData(gameAccountKey(account.code), account);
    queryClient.setQueryData<TWalletResponse>(
      walletQueryKey,
      (old) => old && { ...old, slots: old.slots.map((slot) => (slot.code === account.code ? { ...slot, ...account } : slot)) },
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
