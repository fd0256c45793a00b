import { parseAmountInput } from '@jetton/ui/lib/money';

/**
 * The game dialog's amount field (docs/screens.md, "Home"): empty means "no transfer"
 * (play opens the game as is, transfer focuses the field); otherwise the amount
 * must be a number of at least the transfer minimum of the member's currency.
 */
export type GameAmount = { kind: 'empty' } | { kind: 'amount'; amount: number } | { kind: 'invalid'; reason: 'minimum' | 'format' };

export function readGameAmount(text: string, minimum: number): GameAmount {
  if (text.trim() === '') return { kind: 'empty' };
  const amount = parseAmountInput(text);
  if (amount === undefined) return { kind: 'invalid', reason: 'format' };
  // Zero transfers nothing: play treats it as empty (transfers first only when above 0).
  if (amount === 0) return { kind: 'empty' };
  if (amount < minimum) return { kind: 'invalid', reason: 'minimum' };
  return { kind: 'amount', amount };
}
