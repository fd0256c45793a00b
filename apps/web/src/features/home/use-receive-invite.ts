import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES } from '@jetton/contract/routes';
import { apiRequest, type ResponseParser } from '@jetton/ui/lib/api-client';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { walletQueryKey } from '@/lib/wallet-api';

/**
 * `{ message }`, checked by hand: the home route must not pull the rewards
 * contract's schemas into its first download (docs/performance.md).
 */
const messageAnswer: ResponseParser<{ message: string }> = {
  safeParse: (value) =>
    typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string'
      ? { success: true, data: { message: (value as { message: string }).message } }
      : { success: false },
};

/** The header's receive: GET /api/invite/bonus pays the accrued invite bonus into the wallet (docs/rewards.md, "Invite"). */
export function useReceiveInvite() {
  const queryClient = useQueryClient();
  return useMutation<{ message: string }, ApiError>({
    mutationFn: () => apiRequest(ROUTES.invite.bonus, { schema: messageAnswer }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletQueryKey }),
  });
}
