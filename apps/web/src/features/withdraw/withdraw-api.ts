import { ROUTES } from '@jetton/contract/routes';
import { ZWithdrawResponse, type TWithdrawRequest } from '@jetton/contract/withdraw';
import { useMoneyPost } from '@/lib/money-post';

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
