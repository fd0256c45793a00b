import { DAY_MS, siteDay, siteDayStart, siteMonthStart, siteWeekStart } from '@jetton/contract/site-time';
import type { LimitPeriod } from '../../db/tables/care.ts';

/** How long a raise or removal of a limit waits before the member may confirm it (docs/player-care.md). */
export const COOLING_MS = DAY_MS;

/** Where the period of `at` starts and the next one begins, in site time (Monday weeks, calendar months). */
export function periodBounds(period: LimitPeriod, at: Date): { from: Date; to: Date } {
  switch (period) {
    case 'day': {
      const from = siteDayStart(siteDay(at));
      return { from, to: new Date(from.getTime() + DAY_MS) };
    }
    case 'week': {
      const from = siteWeekStart(at);
      return { from, to: new Date(from.getTime() + 7 * DAY_MS) };
    }
    case 'month': {
      const from = siteMonthStart(at);
      // Day 32 of a month always falls in the next one.
      return { from, to: siteMonthStart(new Date(from.getTime() + 32 * DAY_MS)) };
    }
  }
}
