import type { Currency } from '@jetton/contract/constants';
import { decimalToMinor, toMinor } from '@jetton/contract/money';
import type { StoredSlice } from '../../db/tables/spin.ts';

const SIGNS: Record<Currency, string> = { THB: '฿', LAK: '₭' };

/** "₭5,000", "฿12.50": a prize label needs no decimals when there are none. */
function prizeLabel(minor: bigint, currency: Currency): string {
  const units = Number(minor) / 100;
  const digits = minor % 100n === 0n ? 0 : 2;
  return `${SIGNS[currency]}${units.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: 2 })}`;
}

/**
 * A slice's prize in a member's currency (docs/spin.md, "Prizes per currency"): the wheel's own
 * amounts and labels are baht; a currency's `prizes` figure (rules.money) replaces the amount and
 * the label reads that figure with the currency's sign. A money slice without a figure in a
 * currency other than baht keeps the wheel's amount, labelled in that currency, never with ฿.
 */
export function prizeIn(slice: StoredSlice, currency: Currency, prizes: Record<string, number>): { label: string; amount: bigint | null } {
  if (slice.prize.type !== 'credit' && slice.prize.type !== 'bonus') return { label: slice.label, amount: null };
  const own = prizes[slice.code];
  if (own !== undefined) {
    const amount = toMinor(own);
    return { label: prizeLabel(amount, currency), amount };
  }
  const amount = decimalToMinor(slice.prize.amount);
  return { label: currency === 'THB' ? slice.label : prizeLabel(amount, currency), amount };
}
