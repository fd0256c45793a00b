import { FORMATS } from '@jetton/contract/constants';

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const siteTime = new Intl.DateTimeFormat('en-GB', { timeZone: FORMATS.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * Whether `now` falls in the daily window [from, to) in the site time zone
 * (Asia/Bangkok). A window whose start is after its end spans midnight
 * (23:50-00:10); equal ends mean no window.
 */
export function inDailyWindow(now: Date, from: string, to: string): boolean {
  const [hour = '0', minute = '0'] = siteTime.format(now).split(':');
  const current = Number(hour) * 60 + Number(minute);
  const start = minutesOf(from);
  const end = minutesOf(to);
  if (start === end) return false;
  return start < end ? current >= start && current < end : current >= start || current < end;
}
