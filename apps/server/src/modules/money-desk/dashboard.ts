import type { Kysely } from 'kysely';
import type { TDashboard, TDashboardDay } from '@jetton/contract/admin/dashboard';
import { fromMinor, toMinor } from '@jetton/contract/money';
import { addSiteDays, siteDay, siteDayStart, type SiteDay } from '@jetton/contract/site-time';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { AutoDepositFigures } from '../auto-deposit/auto-deposit-figures.ts';
import { createAdjustmentRepository } from './adjustment-repository.ts';
import { createDashboardRepository, type Bucket } from './dashboard-repository.ts';
import { createSlipDeskRepository } from './slip-desk-repository.ts';
import { createWithdrawalDeskRepository } from './withdrawal-desk-repository.ts';

const DAYS = 7;

const zero = () => ({ count: 0, amount: 0 });
const emptyDay = (day: SiteDay): TDashboardDay => ({
  day,
  deposits: { THB: zero(), LAK: zero() },
  withdrawals: { THB: zero(), LAK: zero() },
  paid: { THB: zero(), LAK: zero() },
  newMembers: 0,
  firstDeposits: 0,
});

/**
 * The dashboard (docs/money-desk.md, "Dashboard"): today and the 6 site days
 * before it, their sum, the queues waiting for a person and the reconciliation
 * backlog. Several small queries, each on an index; run in sequence (the
 * embedded engine has one connection).
 */
const NO_AUTO_DEPOSITS: AutoDepositFigures = { waiting: 0, oldestWaitingAt: null, unparsed: 0, pollLagSeconds: 0 };

export function createDashboard(deps: { db: Kysely<DB>; clock: Clock; autoDeposit?: () => Promise<AutoDepositFigures> }) {
  const repo = createDashboardRepository(deps.db);
  return {
    async summary(): Promise<TDashboard> {
      const now = deps.clock.now();
      const today = siteDay(now);
      const first = addSiteDays(today, -(DAYS - 1));
      const since = siteDayStart(first);
      const days = new Map<SiteDay, TDashboardDay>();
      for (let d = today; d >= first; d = addSiteDays(d, -1)) days.set(d, emptyDay(d));

      const money = (buckets: Bucket[], pick: (day: TDashboardDay) => TDashboardDay['deposits']) => {
        for (const b of buckets) {
          const day = days.get(b.day);
          if (!day) continue;
          const slot = pick(day)[b.currency];
          slot.count += Number(b.n);
          slot.amount = fromMinor(toMinor(slot.amount) + BigInt(b.amount ?? 0));
        }
      };
      money(await repo.deposits(since), (d) => d.deposits);
      money(await repo.withdrawals(since), (d) => d.withdrawals);
      money(await repo.paid(since), (d) => d.paid);
      for (const b of await repo.newMembers(since)) {
        const day = days.get(b.day);
        if (day) day.newMembers += Number(b.n);
      }
      for (const b of await repo.firstDeposits(since)) {
        const day = days.get(b.day);
        if (day) day.firstDeposits += Number(b.n);
      }

      const week = emptyDay(today);
      for (const d of days.values()) {
        for (const key of ['deposits', 'withdrawals', 'paid'] as const) {
          for (const c of ['THB', 'LAK'] as const) {
            week[key][c].count += d[key][c].count;
            week[key][c].amount = fromMinor(toMinor(week[key][c].amount) + toMinor(d[key][c].amount));
          }
        }
        week.newMembers += d.newMembers;
        week.firstDeposits += d.firstDeposits;
      }
      const { day: _label, ...weekTotals } = week;

      const counts = await repo.counts();
      const payouts = await createWithdrawalDeskRepository(deps.db).heldCount();
      const slips = await createSlipDeskRepository(deps.db).counts();
      const adjustments = await createAdjustmentRepository(deps.db).pendingCount();
      const auto = deps.autoDeposit ? await deps.autoDeposit() : NO_AUTO_DEPOSITS;
      return {
        at: now.toISOString(),
        days: [...days.values()],
        week: weekTotals,
        queues: {
          withdrawalsReview: counts.review,
          withdrawalProposals: counts.proposals,
          payoutsHeld: payouts.held,
          payoutFindings: payouts.findings,
          slipsProcessing: slips.processing,
          slipsUndecided: slips.undecided,
          depositNotices: counts.notices,
          adjustmentsPending: adjustments,
        },
        autoDeposit: {
          waiting: auto.waiting,
          oldestWaitingAt: auto.oldestWaitingAt?.toISOString() ?? null,
          unparsed: auto.unparsed,
          pollLagSeconds: Math.round(auto.pollLagSeconds),
        },
        reconciliation: {
          pendingTransfers: counts.pendingTransfers,
          oldestPendingAt: counts.oldestPendingAt === null ? null : new Date(counts.oldestPendingAt).toISOString(),
        },
      };
    },
  };
}
export type Dashboard = ReturnType<typeof createDashboard>;
