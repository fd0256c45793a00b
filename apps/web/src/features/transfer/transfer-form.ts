import { z } from 'zod';
import { WALLET } from '@jetton/contract/wallet';
import { parseAmountInput } from '@jetton/ui/lib/money';

/** Codes of the transfer form's rules; the modal words them (docs/screens.md, "Home"). */
export const TRANSFER_RULES = {
  selectAccount: 'SELECT_ACCOUNT',
  sameAccount: 'CANNOT_TRANSFER',
  minimum: 'TRANSFER_MIN',
  invalidAmount: 'AMOUNT_INVALID',
} as const;

/**
 * Transfer modal (docs/screens.md, "Home"): from and to both chosen, else 'select
 * account'; from and to different, else 'cannot transfer'; amount at least
 * the transfer minimum of the member's currency, else the minimum-amount message.
 */
export const transferForm = (minimum: number) =>
  z
    .object({
      from: z.string().min(1, { error: TRANSFER_RULES.selectAccount }),
      to: z.string().min(1, { error: TRANSFER_RULES.selectAccount }),
      amount: z.string().transform((text, ctx) => {
        const amount = parseAmountInput(text);
        if (amount === undefined && text.trim() !== '') {
          ctx.addIssue({ code: 'custom', message: TRANSFER_RULES.invalidAmount });
          return z.NEVER;
        }
        if (amount === undefined || amount < minimum) {
          ctx.addIssue({ code: 'custom', message: TRANSFER_RULES.minimum });
          return z.NEVER;
        }
        return amount;
      }),
    })
    .refine((v) => v.from === '' || v.to === '' || v.from !== v.to, {
      error: TRANSFER_RULES.sameAccount,
      path: ['to'],
      // Also while the amount is wrong: the member sees every problem at once.
      when: ({ value }) => {
        const { from, to } = value as { from?: unknown; to?: unknown };
        return typeof from === 'string' && typeof to === 'string';
      },
    });

export type TransferFormInput = z.input<ReturnType<typeof transferForm>>;
export type TransferFormValues = z.output<ReturnType<typeof transferForm>>;

/** The choices of both selects: the wallet first, then the member's active game accounts. */
export function transferAccounts(games: readonly { code: string; name: string; isActive: boolean }[]): { value: string; name?: string }[] {
  return [{ value: WALLET }, ...games.filter((game) => game.isActive).map((game) => ({ value: game.code, name: game.name }))];
}
