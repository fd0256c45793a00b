import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES } from '@jetton/contract/routes';
import { ZTransferResponse } from '@jetton/contract/wallet';
import { apiRequest } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useIdempotencyKeys } from '@/lib/idempotency-keys';
import { walletQueryKey } from './wallet-api';

/** The contract's ZTransferRequest / ZTransferAllRequest, with game codes as the plain strings the screens hold. */
type TransferBody = { from: string; to: string; amount: number };
type TransferAllBody = { to: string };

/** What the member is told: done, or accepted and still settling with the provider (HTTP 202 PENDING). */
export type TransferOutcome = { pending: boolean };

/**
 * A money move with one Idempotency-Key per member action: a retry of the
 * same request after an unknown outcome (no answer) sends the same key, so the
 * server replays the first result instead of moving the money twice.
 */
function useMoneyMove<TBody>(path: string) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation<TransferOutcome, ApiError, TBody>({
    mutationFn: async (body) => {
      const idempotencyKey = keys.begin(path, body);
      try {
        const answer = await apiRequest(path, { method: 'POST', body, schema: ZTransferResponse, idempotencyKey });
        keys.settle();
        return { pending: answer.status === 'PENDING' };
      } catch (error) {
        keys.settle(error);
        throw error;
      }
    },
    // Balances changed (or may have): read them again whatever the outcome.
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletQueryKey }),
  });
}

/** POST /api/wallet/transfer {from, to, amount}: WALLET or a game code on each side. */
export function useTransfer() {
  return useMoneyMove<TransferBody>(ROUTES.wallet.transfer);
}

/** POST /api/wallet/transferAll {to}: the whole wallet into one game. */
export function useTransferAll() {
  return useMoneyMove<TransferAllBody>(ROUTES.wallet.transferAll);
}
