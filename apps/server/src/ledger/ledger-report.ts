import type { InvariantViolation, LedgerFigures } from './check-invariants.ts';

/** A ledger check as it crosses a socket or reaches a terminal: bigints as decimal strings. */
export type LedgerReport = {
  figures: { entries: string; postings: string; accounts: string; currencies: string[] };
  violations: Record<string, string>[];
};

export function ledgerReportJson(result: { violations: InvariantViolation[]; figures: LedgerFigures }): string {
  return JSON.stringify(result, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}

const RULES: Record<InvariantViolation['rule'], string> = {
  'entry-unbalanced': 'a journal entry does not sum to zero (or has fewer than two postings)',
  'entry-mixes-currencies': 'a journal entry mixes currencies',
  'balance-stale': "an account's balance differs from the sum of its postings",
  'wallet-negative': 'a member wallet is below zero',
  'currency-not-zero': "a currency's accounts do not sum to zero",
};

/** What `npm run ledger:check` prints: one summary line, then each violation (the first 50). */
export function printLedgerReport(report: LedgerReport, where: string): string {
  const { figures, violations } = report;
  const covered = `${figures.entries} journal entries, ${figures.postings} postings, ${figures.accounts} accounts (${figures.currencies.join(', ') || 'no currency yet'}) in ${where}`;
  if (violations.length === 0)
    return `ledger ok: ${covered}; every entry sums to zero in one currency, every balance equals its postings, no wallet is below zero, every currency sums to zero\n`;
  const lines = violations.slice(0, 50).map((v) => {
    const { rule, ...details } = v;
    const said = Object.entries(details)
      .map(([k, value]) => `${k} ${value}`)
      .join(', ');
    return `  ${rule}: ${RULES[rule as InvariantViolation['rule']] ?? rule} (${said})`;
  });
  const more = violations.length > 50 ? [`  ... and ${violations.length - 50} more`] : [];
  return `ledger BROKEN: ${violations.length} violation${violations.length === 1 ? '' : 's'} over ${covered}\n${[...lines, ...more].join('\n')}\n`;
}
