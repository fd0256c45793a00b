import { ROUTES } from '@jetton/contract/routes';
import { ZTransferResponse } from '@jetton/contract/wallet';
import { useMoneyPost } from '@/lib/money-post';

/** The contract's ZTransferRequest / ZTransferAllRequest, with game codes as the plain strings the screens hold. */
type TransferBody = { from: string; to: string; amount: number };
type TransferAllBody = { to: string };

/**
 * POST /api/wallet/transfer {from, to, amount}: WALLET or a game code on each
 * side. Shared by the transfer dialog and a game's play panel. An answer with
 * status PENDING (HTTP 202) is accepted and still settling with the provider.
 */
export function useTransfer() {
  return useMoneyPost<TransferBody, typeof ZTransferResponse>(ROUTES.wallet.transfer, ZTransferResponse);
}

/** POST /api/wallet/transferAll {to}: the whole wallet into one game. */
export function useTransferAll() {
  return useMoneyPost<TransferAllBody, typeof ZTransferResponse>(ROUTES.wallet.transferAll, ZTransferResponse);
}
