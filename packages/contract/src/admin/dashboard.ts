import { z } from 'zod';
import { text } from '../text.ts';

/**
 * The back office's dashboard (docs/money-desk.md, "Dashboard"): today and the
 * last 7 days in site days (Asia/Bangkok), the queues waiting for a person, and
 * the reconciliation backlog. The admin app asks again every 30 s.
 */

const ZMoneyCount = z.object({ count: z.number().int(), amount: z.number() });

/** One site day (`YYYY-MM-DD`, Asia/Bangkok). Amounts are THB and LAK apart: they are never added together. */
const ZDashboardDay = z.object({
  day: text(),
  deposits: z.object({ THB: ZMoneyCount, LAK: ZMoneyCount }),
  /** Withdrawals asked for that day (any outcome). */
  withdrawals: z.object({ THB: ZMoneyCount, LAK: ZMoneyCount }),
  /** Payouts that reached the bank that day. */
  paid: z.object({ THB: ZMoneyCount, LAK: ZMoneyCount }),
  newMembers: z.number().int(),
  /** Members whose first deposit ever was that day. */
  firstDeposits: z.number().int(),
});
export type TDashboardDay = z.infer<typeof ZDashboardDay>;

const ZDashboardQueues = z.object({
  /** Withdrawals waiting for an operator (review), and of those, proposals waiting for a checker. */
  withdrawalsReview: z.number().int(),
  withdrawalProposals: z.number().int(),
  /** Payouts whose outcome is unknown (held) and those past the deadline (findings). */
  payoutsHeld: z.number().int(),
  payoutFindings: z.number().int(),
  slipsProcessing: z.number().int(),
  /** Failed because the bank could not be asked: an operator may credit them. */
  slipsUndecided: z.number().int(),
  depositNotices: z.number().int(),
  adjustmentsPending: z.number().int(),
});
export type TDashboardQueues = z.infer<typeof ZDashboardQueues>;

export const ZDashboard = z.object({
  at: z.iso.datetime(),
  /** Today first, then the 6 days before it. */
  days: z.array(ZDashboardDay),
  /** The 7 days together. */
  week: ZDashboardDay.omit({ day: true }),
  queues: ZDashboardQueues,
  /** Automatic deposits (docs/auto-deposit.md): lines waiting for an operator, unreadable SMS, the statement poller's lag. */
  autoDeposit: z.object({
    waiting: z.number().int(),
    oldestWaitingAt: z.iso.datetime().nullable(),
    unparsed: z.number().int(),
    pollLagSeconds: z.number(),
  }),
  reconciliation: z.object({
    /** Game transfers still PENDING, and the oldest one's creation time. */
    pendingTransfers: z.number().int(),
    oldestPendingAt: z.iso.datetime().nullable(),
  }),
});
export type TDashboard = z.infer<typeof ZDashboard>;
