/**
 * Bangkok days (docs/reports.md, "Days"): the site's time zone has no
 * daylight saving, so a day is [00:00 +07:00, next 00:00 +07:00) and the SQL
 * can use a fixed offset (no time zone database needed on either engine).
 */
const DAY_MS = 86_400_000;
const OFFSET_MS = 7 * 3_600_000;

/** The SQL expression of a timestamptz column's Bangkok day, as 'YYYY-MM-DD' text. */
export const bangkokDaySql = (column: string) => `to_char((${column} at time zone 'UTC') + interval '7 hours', 'YYYY-MM-DD')`;

export function dayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
}

export function dayOf(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export function isDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && addDays(text, 0) === text;
}
