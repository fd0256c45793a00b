import type { Kysely } from 'kysely';
import { minorToDecimal } from '@jetton/contract/money';
import { type ReportName, type TReconciliationResponse, type TReportRows } from '@jetton/contract/admin/reports';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { addSiteDays, siteDaysBetween, siteDayStart } from '@jetton/contract/site-time';
import {
  funnelDays,
  gameDays,
  ledgerDays,
  liveGameDays,
  liveLedgerDays,
  memberDays,
  rolledSystemNets,
  rolledThrough,
  systemBalances,
} from './report-repository.ts';
import {
  DEPOSITS,
  emptyTotals,
  FIGURES,
  figureOf,
  key,
  REWARDS,
  sumBy,
  totalsOf,
  WITHDRAWALS,
  type Currency,
  type Range,
  type Totals,
} from './report-figures.ts';

const money = minorToDecimal;
const n = (v: bigint) => Number(v);
const END_OF_TIME = new Date('9999-12-31T00:00:00Z');

/**
 * The reports (docs/reports.md): every money figure from ledger postings, game
 * activity from the imported round history, by Bangkok day and currency.
 */
export function createReportService(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db } = deps;

  const reports = {
    async deposits(range: Range): Promise<TReportRows['deposits'][]> {
      const rows = (await ledgerDays(db, range, DEPOSITS)).flatMap((row) => {
        const f = figureOf(row);
        return f?.figure === 'deposit'
          ? [{ day: row.day, currency: row.currency as Currency, channel: f.channel, amount: f.amount, count: f.count }]
          : [];
      });
      const merged = sumBy(
        rows,
        (r) => `${key(r.day, r.currency)}|${r.channel}`,
        (acc, r) => (acc ? { ...acc, amount: acc.amount + r.amount, count: acc.count + r.count } : r),
      );
      return [...merged.values()]
        .sort((a, b) => a.day.localeCompare(b.day) || a.currency.localeCompare(b.currency) || a.channel.localeCompare(b.channel))
        .map((r) => ({ day: r.day, currency: r.currency, channel: r.channel, count: n(r.count), amount: money(r.amount) }));
    },

    async withdrawals(range: Range): Promise<TReportRows['withdrawals'][]> {
      const byDay = new Map<string, { day: string; currency: Currency; v: Record<'requested' | 'paid' | 'rejected', [bigint, bigint]> }>();
      for (const row of await ledgerDays(db, range, WITHDRAWALS)) {
        const f = figureOf(row);
        if (!f || !f.figure.startsWith('withdraw.') || !('amount' in f)) continue;
        const k = key(row.day, row.currency);
        const entry = byDay.get(k) ?? {
          day: row.day,
          currency: row.currency as Currency,
          v: { requested: [0n, 0n], paid: [0n, 0n], rejected: [0n, 0n] },
        };
        const which = f.figure.slice('withdraw.'.length) as 'requested' | 'paid' | 'rejected';
        entry.v[which] = [entry.v[which][0] + f.amount, entry.v[which][1] + f.count];
        byDay.set(k, entry);
      }
      return [...byDay.values()]
        .sort((a, b) => a.day.localeCompare(b.day) || a.currency.localeCompare(b.currency))
        .map(({ day, currency, v }) => ({
          day,
          currency,
          requested: money(v.requested[0]),
          requestedCount: n(v.requested[1]),
          paid: money(v.paid[0]),
          paidCount: n(v.paid[1]),
          rejected: money(v.rejected[0]),
          rejectedCount: n(v.rejected[1]),
        }));
    },

    async rewards(range: Range): Promise<TReportRows['rewards'][]> {
      const rows = (await ledgerDays(db, range, REWARDS)).flatMap((row) => {
        const f = figureOf(row);
        return f?.figure === 'reward'
          ? [{ day: row.day, currency: row.currency as Currency, kind: f.kind, credited: f.credited, takenBack: f.takenBack }]
          : [];
      });
      const merged = sumBy(
        rows,
        (r) => `${key(r.day, r.currency)}|${r.kind}`,
        (acc, r) => (acc ? { ...acc, credited: acc.credited + r.credited, takenBack: acc.takenBack + r.takenBack } : r),
      );
      return [...merged.values()]
        .sort((a, b) => a.day.localeCompare(b.day) || a.currency.localeCompare(b.currency) || a.kind.localeCompare(b.kind))
        .map((r) => ({
          day: r.day,
          currency: r.currency,
          kind: r.kind,
          credited: money(r.credited),
          takenBack: money(r.takenBack),
          cost: money(r.credited - r.takenBack),
        }));
    },

    async games(range: Range): Promise<TReportRows['games'][]> {
      return (await gameDays(db, range))
        .sort((a, b) => a.day.localeCompare(b.day) || a.currency.localeCompare(b.currency) || a.game_code.localeCompare(b.game_code))
        .map((g) => ({
          day: g.day,
          currency: g.currency as Currency,
          provider: g.game_code,
          rounds: n(g.rounds),
          players: n(g.players),
          bets: money(g.bets),
          payouts: money(g.payouts),
          ggr: money(g.bets - g.payouts),
        }));
    },

    /** One row per day and currency (days without activity included, for charts). */
    async summary(range: Range): Promise<TReportRows['summary'][]> {
      const [ledger, games] = [await ledgerDays(db, range, FIGURES), await gameDays(db, range)];
      const cells = new Map<string, Totals>();
      const currencies = new Set<string>();
      const cell = (day: string, currency: string) => {
        currencies.add(currency);
        const k = key(day, currency);
        return cells.get(k) ?? cells.set(k, emptyTotals()).get(k) ?? emptyTotals();
      };
      for (const row of ledger) {
        const f = figureOf(row);
        if (!f) continue;
        const t = cell(row.day, row.currency);
        if (f.figure === 'deposit') t.deposits += f.amount;
        else if (f.figure === 'withdraw.paid') t.paid += f.amount;
        else if (f.figure === 'reward') t.reward.set(f.kind, (t.reward.get(f.kind) ?? 0n) + f.credited - f.takenBack);
      }
      for (const g of games) {
        const t = cell(g.day, g.currency);
        t.bets += g.bets;
        t.payouts += g.payouts;
      }
      if (currencies.size === 0) currencies.add('THB');
      return siteDaysBetween(range.from, range.to).flatMap((day) =>
        [...currencies].sort().map((currency) => {
          const t = cells.get(key(day, currency)) ?? emptyTotals();
          const rewardCost = [...t.reward.values()].reduce((a, b) => a + b, 0n);
          const ggr = t.bets - t.payouts;
          return {
            day,
            currency: currency as Currency,
            deposits: money(t.deposits),
            withdrawalsPaid: money(t.paid),
            netCash: money(t.deposits - t.paid),
            rewardCost: money(rewardCost),
            bets: money(t.bets),
            payouts: money(t.payouts),
            ggr: money(ggr),
            ngr: money(ggr - rewardCost),
          };
        }),
      );
    },

    async members(range: Range): Promise<TReportRows['members'][]> {
      const rows = await memberDays(db, range);
      const currencies = new Set(rows.map((r) => r.currency));
      if (currencies.size === 0) currencies.add('THB');
      const byKey = new Map(rows.map((r) => [key(r.day, r.currency), r]));
      return siteDaysBetween(range.from, range.to).flatMap((day) =>
        [...currencies].sort().map((currency) => {
          const r = byKey.get(key(day, currency));
          return {
            day,
            currency: currency as Currency,
            registrations: n(r?.registrations ?? 0n),
            firstDeposits: n(r?.first_deposits ?? 0n),
            activePlayers: n(r?.active_players ?? 0n),
          };
        }),
      );
    },

    async funnel(range: Range): Promise<TReportRows['funnel'][]> {
      return (await funnelDays(db, range))
        .sort((a, b) => a.day.localeCompare(b.day) || a.currency.localeCompare(b.currency))
        .map((r) => ({
          day: r.day,
          currency: r.currency as Currency,
          registered: n(r.registered),
          depositedSameDay: n(r.same_day),
          depositedWithin7Days: n(r.within_7_days),
          deposited: n(r.deposited),
        }));
    },
  } satisfies { [K in ReportName]: (range: Range) => Promise<TReportRows[K][]> };

  return {
    ...reports,

    /**
     * The check that the reports equal the ledger (docs/reports.md, "Reconciliation"):
     * the range's totals as the reports read them (rollups + live) against the same
     * totals computed straight from the range's postings and rounds; and every
     * reported day ever, summed per account, against the ledger's balances now.
     */
    async reconciliation(range: Range): Promise<TReconciliationResponse> {
      const lines: TReconciliationResponse['lines'] = [];
      const window = [siteDayStart(range.from), siteDayStart(addSiteDays(range.to, 1))] as const;
      const reported = totalsOf(await ledgerDays(db, range, FIGURES), await gameDays(db, range));
      const direct = totalsOf(await liveLedgerDays(db, ...window, FIGURES), await liveGameDays(db, ...window));
      const currencies = [...new Set([...reported.keys(), ...direct.keys()])].sort();
      for (const currency of currencies) {
        const r = reported.get(currency) ?? emptyTotals();
        const d = direct.get(currency) ?? emptyTotals();
        const pairs: [string, bigint, bigint][] = [
          ['deposits', r.deposits, d.deposits],
          ['withdrawals requested', r.requested, d.requested],
          ['withdrawals paid', r.paid, d.paid],
          ['withdrawals rejected', r.rejected, d.rejected],
          ...[...new Set([...r.reward.keys(), ...d.reward.keys()])]
            .sort()
            .map((kind): [string, bigint, bigint] => [`reward cost: ${kind}`, r.reward.get(kind) ?? 0n, d.reward.get(kind) ?? 0n]),
          ['bets', r.bets, d.bets],
          ['payouts', r.payouts, d.payouts],
        ];
        for (const [figure, report, ledger] of pairs) {
          lines.push({
            scope: 'range',
            currency: currency as Currency,
            figure,
            report: money(report),
            ledger: money(ledger),
            ok: report === ledger,
          });
        }
      }
      lines.push(...(await ledgerScope()));
      return { from: range.from, to: range.to, ok: lines.every((l) => l.ok), checkedAt: deps.clock.now().toISOString(), lines };
    },
  };

  /** Every daily figure ever (rolled days + the live rest), per system account, against its balance now. */
  async function ledgerScope(): Promise<TReconciliationResponse['lines']> {
    const through = await rolledThrough(db);
    const rolled = await rolledSystemNets(db);
    const liveFrom = through === null ? new Date(0) : siteDayStart(addSiteDays(through, 1));
    const live = await liveLedgerDays(db, liveFrom, END_OF_TIME, { kinds: [''], codes: [] });
    const balances = await systemBalances(db);
    const reported = new Map<string, bigint>();
    const add = (k: string, v: bigint) => reported.set(k, (reported.get(k) ?? 0n) + v);
    for (const r of rolled) add(`${r.currency}|${r.account_code}`, r.net);
    for (const r of live) if (r.account_kind === 'system') add(`${r.currency}|${r.account_code}`, r.debits - r.credits);
    const ledger = new Map(balances.map((b) => [`${b.currency}|${b.account_code}`, b.balance]));
    const keys = [...new Set([...reported.keys(), ...ledger.keys()])].sort();
    return keys.map((k) => {
      const [currency = 'THB', code = ''] = k.split('|');
      const report = reported.get(k) ?? 0n;
      const balance = ledger.get(k) ?? 0n;
      return {
        scope: 'ledger' as const,
        currency: currency as Currency,
        figure: code,
        report: money(report),
        ledger: money(balance),
        ok: report === balance,
      };
    });
  }
}

export type ReportService = ReturnType<typeof createReportService>;
