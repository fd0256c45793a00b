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

/** Thousands grouped with commas ("1,000", "12,345,678.50"): the commas are separators. */
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d{0,2})?$/;
/** Plain digits with an optional decimal mark, a dot or a comma ("1000.50", "12,5"). */
const PLAIN = /^\d+([.,]\d{0,2})?$/;
/** Digits a double holds exactly with two decimals (far above any amount a member types). */
const MAX_DIGITS = 13;

/**
 * What a member typed into an amount field, as a number with at most two
 * decimals; undefined when it is not one. The one parser of every amount field
 * (docs/member-web.md, "Amounts"): "1,000" and "1,000.50" read as thousands
 * groups, "1000.50" and "12,5" as decimals (some Android keyboards offer only a
 * comma), and spaces (also the narrow ones of a paste) are ignored.
 */
export function parseAmountInput(input: string): number | undefined {
  const text = input.replace(/[\s\u00a0\u2009\u202f]/g, '');
  let plain: string;
  if (GROUPED.test(text)) plain = text.replace(/,/g, '');
  else if (PLAIN.test(text)) plain = text.replace(',', '.');
  else return undefined;
  if (plain.replace('.', '').length > MAX_DIGITS) return undefined;
  return Number(plain);
}
