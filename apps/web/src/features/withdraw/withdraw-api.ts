import { useQuery } from '@tanstack/react-query';
import { ROUTES } from '@jetton/contract/routes';
import { ZWithdrawLookup } from '@jetton/contract/lookup';
import { ZWithdrawResponse, type TWithdrawRequest } from '@jetton/contract/withdraw';
import { apiRequest } from '@jetton/ui/lib/api-client';
import { useMoneyPost } from '@/lib/money-post';

/** GET /api/lookup/withdraw: withdrawMin and withdrawMax (docs/screens.md, "Home"). */
export function useWithdrawLimits(enabled: boolean) {
  return useQuery({
    queryKey: ['lookup', 'withdraw'],
    queryFn: ({ signal }) => apiRequest(ROUTES.lookup.withdraw, { schema: ZWithdrawLookup, signal, background: true }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** POST /api/wallet/withdrawAll {amount}: the money is held and paid out later ('wait for transfer'). */
export function useWithdraw() {
  return useMoneyPost<TWithdrawRequest, typeof ZWithdrawResponse>(ROUTES.wallet.withdrawAll, ZWithdrawResponse);
}

export type WithdrawCheck = 'ok' | 'invalid' | 'balance' | 'min' | 'max';

/** The withdraw rule (docs/withdrawals.md, "Limits"): at least withdrawMin and at most withdrawMax. */
export function checkWithdraw(
  amount: number | undefined,
  limits: { withdrawMin: number; withdrawMax: number },
  balance?: number,
): WithdrawCheck {
  if (amount === undefined || amount <= 0) return 'invalid';
  // More than the wallet holds is the real reason, whatever the maximum.
  if (balance !== undefined && amount > balance) return 'balance';
  if (amount < limits.withdrawMin) return 'min';
  if (amount > limits.withdrawMax) return 'max';
  return 'ok';
}
