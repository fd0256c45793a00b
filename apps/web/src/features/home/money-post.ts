import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useIdempotencyKeys } from '@/lib/idempotency-keys';
import { walletQueryKey } from './wallet-api';

/**
 * A money POST with one Idempotency-Key per member action (README: a retry
 * after an unknown outcome sends the same key); the wallet is read again
 * whatever the outcome.
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
