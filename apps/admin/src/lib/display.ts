import { DAY_MS, siteDayStart } from '@jetton/contract/site-time';
import { formatDateTime, formatMoney } from '@jetton/ui/lib/format';

/** An amount as the back office shows it: two decimals, grouped, with its currency ("1,250.00 THB"). */
export function money(amount: number, currency?: string): string {
  return currency ? `${formatMoney(amount)} ${currency}` : formatMoney(amount);
}

/** A time in the site time zone, or a dash. */
export function when(value: string | null | undefined): string {
  return value ? formatDateTime(value) : '–';
}

/** A site day's start as ISO, from a date input's `YYYY-MM-DD`. */
export function dayStartIso(day: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? siteDayStart(day).toISOString() : undefined;
}

/** The day after `day`'s start, so a "to" date includes that whole day. */
export function dayEndIso(day: string): string | undefined {
  const start = dayStartIso(day);
  return start ? new Date(new Date(start).getTime() + DAY_MS).toISOString() : undefined;
}
