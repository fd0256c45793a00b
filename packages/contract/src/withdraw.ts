import { z } from 'zod';
import { text } from './text.ts';
import { ZAmount } from './money.ts';

/* ---------------------------------------------------------------------------
 * Withdrawals (docs/withdrawals.md): POST /api/wallet/withdraw and /api/wallet/withdrawAll
 * (the web modal uses the latter). Both take { amount } and an Idempotency-Key.
 * ------------------------------------------------------------------------- */

export const ZWithdrawRequest = z.object({ amount: ZAmount });
export type TWithdrawRequest = z.infer<typeof ZWithdrawRequest>;

/**
 * The money is held and the withdrawal is on its way ("wait for transfer"):
 * it is paid out, or returned to the wallet, later; the statement shows how it ends.
 */
export const ZWithdrawResponse = z.object({
  status: z.literal('processing'),
  withdrawalId: text(),
  amount: ZAmount,
});
export type TWithdrawResponse = z.infer<typeof ZWithdrawResponse>;
