import { z } from 'zod';
import { text } from '../text.ts';

/* ---------------------------------------------------------------------------
 * Reports (docs/reports.md): GET /api/admin/reports/<report>?from=YYYY-MM-DD&to=YYYY-MM-DD
 * (days in Asia/Bangkok, both included), and the same path + `/csv` for the
 * table as CSV. Amounts are exact decimal text in currency units ("1234.50"),
 * never floats: a report must equal the ledger to the satang.
 * ------------------------------------------------------------------------- */

/** The longest range one request may ask for (days). */
export const REPORT_MAX_DAYS = 400;

export const REPORT_NAMES = ['summary', 'deposits', 'withdrawals', 'rewards', 'games', 'members', 'funnel'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const REPORT_ROUTES = {
  base: '/api/admin/reports',
  report: (name: ReportName) => `/api/admin/reports/${name}`,
  csv: (name: ReportName) => `/api/admin/reports/${name}/csv`,
  reconciliation: '/api/admin/reports/reconciliation',
} as const;

const ZDay = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'KEY_INVALID');
export const ZReportQuery = z.object({ from: ZDay, to: ZDay });

/** Exact decimal text, two decimals, may be negative (a loss, a net outflow). */
const ZMoney = text().regex(/^-?\d+\.\d{2}$/);
const ZCurrency = z.enum(['THB', 'LAK']);

/** Deposit channels: a QR deposit names its gateway (`qr:<provider>`). */
const ZDepositRow = z.object({ day: ZDay, currency: ZCurrency, channel: text(), count: z.number().int(), amount: ZMoney });
const ZWithdrawalRow = z.object({
  day: ZDay,
  currency: ZCurrency,
  requested: ZMoney,
  requestedCount: z.number().int(),
  paid: ZMoney,
  paidCount: z.number().int(),
  rejected: ZMoney,
  rejectedCount: z.number().int(),
});
/** A reward kind is the expense account's kind (bonus, promotion, invite, refund, spin, or any kind added later). */
const ZRewardRow = z.object({ day: ZDay, currency: ZCurrency, kind: text(), credited: ZMoney, takenBack: ZMoney, cost: ZMoney });
const ZGameRow = z.object({
  day: ZDay,
  currency: ZCurrency,
  provider: text(),
  rounds: z.number().int(),
  players: z.number().int(),
  bets: ZMoney,
  payouts: ZMoney,
  ggr: ZMoney,
});
const ZSummaryRow = z.object({
  day: ZDay,
  currency: ZCurrency,
  deposits: ZMoney,
  withdrawalsPaid: ZMoney,
  netCash: ZMoney,
  rewardCost: ZMoney,
  bets: ZMoney,
  payouts: ZMoney,
  ggr: ZMoney,
  ngr: ZMoney,
});
const ZMemberRow = z.object({
  day: ZDay,
  currency: ZCurrency,
  registrations: z.number().int(),
  firstDeposits: z.number().int(),
  activePlayers: z.number().int(),
});
/** Members registered on `day`, and how many of them made a first deposit (the same day, within 7 days, by now). */
const ZFunnelRow = z.object({
  day: ZDay,
  currency: ZCurrency,
  registered: z.number().int(),
  depositedSameDay: z.number().int(),
  depositedWithin7Days: z.number().int(),
  deposited: z.number().int(),
});

const rows = <T extends z.ZodType>(row: T) => z.object({ from: ZDay, to: ZDay, rows: z.array(row) });
export const ZReportResponses = {
  summary: rows(ZSummaryRow),
  deposits: rows(ZDepositRow),
  withdrawals: rows(ZWithdrawalRow),
  rewards: rows(ZRewardRow),
  games: rows(ZGameRow),
  members: rows(ZMemberRow),
  funnel: rows(ZFunnelRow),
} as const satisfies Record<ReportName, z.ZodType>;
export type TReportRows = { [K in ReportName]: z.infer<(typeof ZReportResponses)[K]>['rows'][number] };

/**
 * The check that the reports equal the ledger: per currency and figure, the
 * report's total and the ledger's, to the satang.
 *
 * - `range` lines: the range's report totals against the same sums computed
 *   straight from the postings (and the imported rounds) of the range;
 * - `ledger` lines: every daily figure ever reported, summed, against the
 *   ledger's balances now (every posting is in exactly one day).
 */
const ZReconciliationLine = z.object({
  scope: z.enum(['range', 'ledger']),
  currency: ZCurrency,
  figure: text(),
  report: ZMoney,
  ledger: ZMoney,
  ok: z.boolean(),
});
export const ZReconciliationResponse = z.object({
  from: ZDay,
  to: ZDay,
  ok: z.boolean(),
  checkedAt: text(),
  lines: z.array(ZReconciliationLine),
});
export type TReconciliationResponse = z.infer<typeof ZReconciliationResponse>;
