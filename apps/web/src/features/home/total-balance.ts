import { sumAmounts } from '@jetton/ui/lib/money';

type Balances = { wallet: { amount: number }; slots: readonly { amount: number }[] };

/** The header's total in baht: the wallet plus every game account (docs/screens.md, "Home"). */
export function totalBalance({ wallet, slots }: Balances): number {
  return sumAmounts([wallet.amount, ...slots.map((slot) => slot.amount)]);
}
