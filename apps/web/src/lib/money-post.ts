import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@jetton/ui/lib/api-client';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { useIdempotencyKeys } from '@/lib/idempotency-keys';
import { walletQueryKey } from '@/lib/wallet-api';

/**
 * The one hook for every money POST (transfer, withdraw, gift link, deposit
 * notice): one Idempotency-Key per member action, so a retry of the same
 * request after an unknown outcome (no answer) sends the same key and the
 * server replays the first result instead of moving the money twice. The
 * wallet is read again whatever the outcome: balances changed, or may have.
 */
export function useMoneyPost<TBody, S extends z.ZodType>(path: string, schema: S) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation<z.output<S>, ApiError, TBody>({
    mutationFn: async (body) => {
      const idempotencyKey = keys.begin(path, body);
      try {
        const answer = await apiRequest(path, { method: 'POST', body, schema, idempotencyKey });
        keys.settle();
        return answer;
      } catch (error) {
        keys.settle(error);
        throw error;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletQueryKey }),
  });
}
