/**
 * The site's one clock face: Asia/Bangkok, UTC+7 all year (no daylight saving),
 * so a site day is [00:00 +07:00, next 00:00 +07:00) and arithmetic needs no
 * time-zone database. A site day is written one way everywhere: `YYYY-MM-DD`
 * text (it sorts, it is the `day` column of every daily table, it crosses the
 * wire as is). Server, member site and back office all import it from here.
 */

export const SITE_TIME_ZONE = 'Asia/Bangkok';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** How far the site's wall clock is ahead of UTC. */
export const SITE_OFFSET_MS = 7 * HOUR_MS;

/** A site day, `YYYY-MM-DD` in Asia/Bangkok. */
export type SiteDay = string;

/** The site day an instant falls in. */
export function siteDay(at: Date | number): SiteDay {
  return new Date(new Date(at).getTime() + SITE_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a site day starts (00:00 in Bangkok). */
export function siteDayStart(day: SiteDay): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - SITE_OFFSET_MS);
}

/** The site day `n` days after `day` (before it when `n` is negative). */
export function addSiteDays(day: SiteDay, n: number): SiteDay {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The site day before the one `at` falls in. */
export function previousSiteDay(at: Date): SiteDay {
  return siteDay(new Date(at.getTime() - DAY_MS));
}

/** The instant the site's Monday-to-Sunday week of `at` starts (Monday 00:00 in Bangkok). */
export function siteWeekStart(at: Date): Date {
  const start = siteDayStart(siteDay(at));
  // getUTCDay of the local date: 0 Sunday ... 6 Saturday; days since Monday.
  const weekday = new Date(start.getTime() + SITE_OFFSET_MS).getUTCDay();
  return new Date(start.getTime() - ((weekday + 6) % 7) * DAY_MS);
}

/** The instant the site's calendar month of `at` starts (the 1st, 00:00 in Bangkok). */
export function siteMonthStart(at: Date): Date {
  return siteDayStart(`${siteDay(at).slice(0, 8)}01`);
}

/** Every site day from `from` to `to`, both included. */
export function siteDaysBetween(from: SiteDay, to: SiteDay): SiteDay[] {
  const days: SiteDay[] = [];
  for (let day = from; day <= to; day = addSiteDays(day, 1)) days.push(day);
  return days;
}

/** A real calendar day written `YYYY-MM-DD` (2026-02-30 is not). */
export function isSiteDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && addSiteDays(text, 0) === text;
}
