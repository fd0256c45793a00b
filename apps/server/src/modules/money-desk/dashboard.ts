import { sql, type Kysely } from 'kysely';
import type { TDashboard, TDashboardDay } from '@jetton/contract/admin/dashboard';
import { fromMinor, toMinor } from '@jetton/contract/money';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { createAdjustmentRepository } from './adjustment-repository.ts';
import { createSlipDeskRepository } from './slip-desk-repository.ts';
import { createWithdrawalDeskRepository } from './withdrawal-desk-repository.ts';

const DAY_MS = 86_400_000;
/** Asia/Bangkok is UTC+7 all year (no daylight saving): a site day is a UTC day shifted by 7 hours. */
const SITE_OFFSET_MS = 7 * 3_600_000;
const DAYS = 7;

type Currency = 'THB' | 'LAK';
type Bucket = { day: number; currency: Currency; n: string | number; amount: string | number | bigint | null };

/** The site day number of a time (days since 1970-01-01 in Asia/Bangkok). */
export const siteDay = (at: Date): number => Math.floor((at.getTime() + SITE_OFFSET_MS) / DAY_MS);
const dayStart = (day: number): Date => new Date(day * DAY_MS - SITE_OFFSET_MS);
const dayLabel = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The site day of a timestamp column, in SQL both engines run (no time-zone database needed). */
const dayOf = (column: string) =>
  // Literals, not parameters: the GROUP BY must repeat the select's expression exactly.
  sql<number>`floor((extract(epoch from ${sql.ref(column)}) * 1000 + ${sql.lit(SITE_OFFSET_MS)}) / ${sql.lit(DAY_MS)})::int`;

/** Kysely stays here (docs/engineering.md, "House rules"): the dashboard's counts. */
function createDashboardRepository(db: Kysely<DB>) {
  return {
    /** Money into member wallets by deposit entries (deposit.*), per day and currency. */
    deposits: (since: Date): Promise<Bucket[]> =>
      db
        .selectFrom('journal_entries as e')
        .innerJoin('postings as p', 'p.entry_id', 'e.id')
        .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
        .where('e.created_at', '>=', since)
        .where('e.kind', 'like', 'deposit.%')
        .where('a.kind', '=', 'wallet')
        .select([
          dayOf('e.created_at').as('day'),
          'a.currency',
          (eb) => eb.fn.countAll<string>().as('n'),
          (eb) => eb.fn.sum<string>('p.amount').as('amount'),
        ])
        .groupBy([dayOf('e.created_at'), 'a.currency'])
        .execute(),
    withdrawals: (since: Date): Promise<Bucket[]> =>
      db
        .selectFrom('withdrawals')
        .where('created_at', '>=', since)
        .select([
          dayOf('created_at').as('day'),
          'currency',
          (eb) => eb.fn.countAll<string>().as('n'),
          (eb) => eb.fn.sum<string>('amount').as('amount'),
        ])
        .groupBy([dayOf('created_at'), 'currency'])
        .execute(),
    /** Paid: settled `success`; its last update is when the bank's answer arrived. */
    paid: (since: Date): Promise<Bucket[]> =>
      db
        .selectFrom('withdrawals')
        .where('status', '=', 'success')
        .where('updated_at', '>=', since)
        .select([
          dayOf('updated_at').as('day'),
          'currency',
          (eb) => eb.fn.countAll<string>().as('n'),
          (eb) => eb.fn.sum<string>('amount').as('amount'),
        ])
        .groupBy([dayOf('updated_at'), 'currency'])
        .execute(),
    newMembers: (since: Date) =>
      db
        .selectFrom('members')
        .where('created_at', '>=', since)
        .select([dayOf('created_at').as('day'), (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy(dayOf('created_at'))
        .execute(),
    /** Members whose first deposit line is in the window: a deposit line since then, and none before. */
    firstDeposits: (since: Date) =>
      db
        .selectFrom(
          db
            .selectFrom('statement_lines as l')
            .where('l.statement_type', '=', 'deposit')
            .where('l.created_at', '>=', since)
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('statement_lines as b')
                    .select('b.seq')
                    .whereRef('b.member_id', '=', 'l.member_id')
                    .where('b.statement_type', '=', 'deposit')
                    .where('b.created_at', '<', since),
                ),
              ),
            )
            .select(['l.member_id', (eb) => eb.fn.min('l.created_at').as('first_at')])
            .groupBy('l.member_id')
            .as('f'),
        )
        .select([dayOf('f.first_at').as('day'), (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy(dayOf('f.first_at'))
        .execute(),
    async counts() {
      const count = async (table: 'withdrawals' | 'withdrawal_approvals' | 'deposit_notices' | 'transfers', status: string) => {
        const row = await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('status', '=', status as never)
          .executeTakeFirstOrThrow();
        return Number(row.n);
      };
      const review = await count('withdrawals', 'review');
      const proposals = await count('withdrawal_approvals', 'pending');
      const notices = await count('deposit_notices', 'processing');
      const pendingTransfers = await count('transfers', 'PENDING');
      const oldest = await db
        .selectFrom('transfers')
        .select((eb) => eb.fn.min('created_at').as('at'))
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      return { review, proposals, notices, pendingTransfers, oldestPendingAt: (oldest?.at as Date | string | null | undefined) ?? null };
    },
  };
}

const zero = () => ({ count: 0, amount: 0 });
const emptyDay = (day: number): TDashboardDay => ({
  day: dayLabel(day),
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
export function createDashboard(deps: { db: Kysely<DB>; clock: Clock }) {
  const repo = createDashboardRepository(deps.db);
  return {
    async summary(): Promise<TDashboard> {
      const now = deps.clock.now();
      const today = siteDay(now);
      const first = today - (DAYS - 1);
      const since = dayStart(first);
      const days = new Map<number, TDashboardDay>();
      for (let d = today; d >= first; d--) days.set(d, emptyDay(d));

      const money = (buckets: Bucket[], pick: (day: TDashboardDay) => TDashboardDay['deposits']) => {
        for (const b of buckets) {
          const day = days.get(Number(b.day));
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
        const day = days.get(Number(b.day));
        if (day) day.newMembers += Number(b.n);
      }
      for (const b of await repo.firstDeposits(since)) {
        const day = days.get(Number(b.day));
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
        reconciliation: {
          pendingTransfers: counts.pendingTransfers,
          oldestPendingAt: counts.oldestPendingAt === null ? null : new Date(counts.oldestPendingAt).toISOString(),
        },
      };
    },
  };
}
export type Dashboard = ReturnType<typeof createDashboard>;
