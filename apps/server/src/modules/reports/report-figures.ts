import { REPORT_MAX_DAYS } from '@jetton/contract/admin/reports';
import { AppError } from '../../http/app-error.ts';
import { isSiteDay, siteDaysBetween } from '@jetton/contract/site-time';
import { CARE_HELD_ACCOUNT } from '../deposit/credit-deposit.ts';
import type { GameDay, LedgerDay, LedgerFilter } from './report-repository.ts';

/** The pure part of the reports (docs/reports.md, "Figures"): ranges, what a ledger day means, totals. */
export type Range = { from: string; to: string };
export type Currency = 'THB' | 'LAK';
export const key = (day: string, currency: string) => `${day}|${currency}`;

/** What the ledger's postings say, by figure (docs/reports.md, "Figures"). */
export type LedgerFigure =
  | { figure: 'deposit'; channel: string; amount: bigint; count: bigint }
  | { figure: 'withdraw.requested' | 'withdraw.paid' | 'withdraw.rejected'; amount: bigint; count: bigint }
  | { figure: 'reward'; kind: string; credited: bigint; takenBack: bigint };

/** Which figure a daily ledger row feeds, if any. */
export function figureOf(row: LedgerDay): LedgerFigure | undefined {
  if (row.account_kind !== 'system') return undefined;
  // A deposit held by player care (docs/player-care.md) lands on its held account, not a wallet: the
  // counterparty's side still counts it as a deposit, the held side must not count it back out.
  if (row.account_code === CARE_HELD_ACCOUNT) return undefined;
  if (row.entry_kind.startsWith('deposit.')) {
    const channel = row.entry_kind.slice('deposit.'.length);
    const provider = row.account_code.startsWith('gateway:') ? row.account_code.slice('gateway:'.length) : null;
    // The site's side of a deposit is the counterparty paying in: its credits, net of any debit.
    return {
      figure: 'deposit',
      channel: channel === 'qr' && provider ? `qr:${provider}` : channel,
      amount: row.credits - row.debits,
      count: row.postings,
    };
  }
  if (row.entry_kind === 'withdraw.hold' && row.account_code === 'payout:pending')
    return { figure: 'withdraw.requested', amount: row.debits, count: row.postings };
  if (row.entry_kind === 'withdraw.return' && row.account_code === 'payout:pending')
    return { figure: 'withdraw.rejected', amount: row.credits, count: row.postings };
  if (row.entry_kind === 'withdraw.paid' && row.account_code.startsWith('payout:') && row.account_code !== 'payout:pending') {
    return { figure: 'withdraw.paid', amount: row.debits, count: row.postings };
  }
  // Rewards: whatever posts to an expense account, whichever feature (a new kind shows up by itself).
  if (row.account_code.startsWith('expense:'))
    return { figure: 'reward', kind: row.account_code.slice('expense:'.length), credited: row.credits, takenBack: row.debits };
  return undefined;
}

/** The rows each report reads (the rest of the day's ledger rows are never fetched). */
export const DEPOSITS: LedgerFilter = { kinds: ['deposit.'], codes: [] };
export const WITHDRAWALS: LedgerFilter = { kinds: ['withdraw.'], codes: [] };
export const REWARDS: LedgerFilter = { kinds: [], codes: ['expense:'] };
export const FIGURES: LedgerFilter = { kinds: ['deposit.', 'withdraw.'], codes: ['expense:'] };

export function checkRange(query: { from: string; to: string }): Range {
  if (!isSiteDay(query.from) || !isSiteDay(query.to) || query.from > query.to) throw new AppError('KEY_INVALID');
  if (siteDaysBetween(query.from, query.to).length > REPORT_MAX_DAYS) throw new AppError('KEY_INVALID');
  return { from: query.from, to: query.to };
}

export function sumBy<T>(rows: T[], keyOf: (row: T) => string, add: (acc: T | undefined, row: T) => T): Map<string, T> {
  const map = new Map<string, T>();
  for (const row of rows) map.set(keyOf(row), add(map.get(keyOf(row)), row));
  return map;
}

export type Totals = {
  deposits: bigint;
  paid: bigint;
  requested: bigint;
  rejected: bigint;
  reward: Map<string, bigint>;
  bets: bigint;
  payouts: bigint;
};
export const emptyTotals = (): Totals => ({
  deposits: 0n,
  paid: 0n,
  requested: 0n,
  rejected: 0n,
  reward: new Map(),
  bets: 0n,
  payouts: 0n,
});

/** Totals per currency of a set of daily rows (the reconciliation compares two such). */
export function totalsOf(ledger: LedgerDay[], games: GameDay[]): Map<string, Totals> {
  const out = new Map<string, Totals>();
  const of = (currency: string) => out.get(currency) ?? out.set(currency, emptyTotals()).get(currency) ?? emptyTotals();
  for (const row of ledger) {
    const f = figureOf(row);
    if (!f) continue;
    const t = of(row.currency);
    if (f.figure === 'deposit') t.deposits += f.amount;
    else if (f.figure === 'withdraw.paid') t.paid += f.amount;
    else if (f.figure === 'withdraw.requested') t.requested += f.amount;
    else if (f.figure === 'withdraw.rejected') t.rejected += f.amount;
    else if (f.figure === 'reward') t.reward.set(f.kind, (t.reward.get(f.kind) ?? 0n) + f.credited - f.takenBack);
  }
  for (const g of games) {
    const t = of(g.currency);
    t.bets += g.bets;
    t.payouts += g.payouts;
  }
  return out;
}
