/**
 * Sums decimal amounts exactly: each wire amount has at most two decimals, so
 * it is added as integer minor units (0.1 + 0.2 must show 0.30, never 0.30000000000000004).
 */
export function sumAmounts(amounts: Iterable<number>): number {
  let minor = 0;
  for (const amount of amounts) minor += Math.round(amount * 100);
  return minor / 100;
}

/** `amount x factor` rounded to two decimals (a game card's credit in the provider's units). */
export function multiplyAmount(amount: number, factor: number): number {
  return Math.round(amount * factor * 100) / 100;
}

/**
 * What a member typed into an amount field, as a number with at most two
 * decimals; undefined when it is not one. Accepts a comma as the decimal mark
 * (some Android keyboards offer only that) and ignores thousands separators' spaces.
 */
export function parseAmountInput(input: string): number | undefined {
  const text = input.trim().replace(/\s/g, '');
  if (!/^\d+([.,]\d{0,2})?$/.test(text)) return undefined;
  return Number(text.replace(',', '.'));
}
