import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES } from '@jetton/contract/routes';
import { ZMessageAnswer } from '@jetton/contract/rewards';
import { apiRequest } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { walletQueryKey } from '@/lib/wallet-api';

/** The header's receive: GET /api/invite/bonus pays the accrued invite bonus into the wallet (docs/rewards.md, "Invite"). */
export function useReceiveInvite() {
  const queryClient = useQueryClient();
  return useMutation<{ message: string }, ApiError>({
    mutationFn: () => apiRequest(ROUTES.invite.bonus, { schema: ZMessageAnswer }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletQueryKey }),
  });
}
