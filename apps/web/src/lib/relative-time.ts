import { LANGUAGE_TAGS, type Locale } from '@jetton/contract/constants';

export const RELATIVE_UNITS = ['year', 'month', 'week', 'day', 'hour', 'minute', 'second'] as const;
export type RelativeUnit = (typeof RELATIVE_UNITS)[number];

const SECONDS: Record<RelativeUnit, number> = {
  year: 365 * 24 * 3600,
  month: 30 * 24 * 3600,
  week: 7 * 24 * 3600,
  day: 24 * 3600,
  hour: 3600,
  minute: 60,
  second: 1,
};

/**
 * Words "n units ago" (or "now" for n = 0) when the browser's Intl has no data
 * for the language: some Android and desktop builds ship ICU without Lao.
 */
export type RelativeFallback = (count: number, unit: RelativeUnit | 'now') => string;

const formats = new Map<Locale, Intl.RelativeTimeFormat | null>();

function intlFormat(locale: Locale): Intl.RelativeTimeFormat | null {
  if (!formats.has(locale)) {
    const tag = LANGUAGE_TAGS[locale];
    const supported = Intl.RelativeTimeFormat.supportedLocalesOf([tag]).length > 0;
    formats.set(locale, supported ? new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }) : null);
  }
  return formats.get(locale) ?? null;
}

/**
 * "5 minutes ago" / "5 นาทีที่ผ่านมา" / "5 ນາທີກ່ອນ": the largest whole unit
 * between `value` and `now`, in the member's language (Intl.RelativeTimeFormat,
 * or `fallback` where the browser lacks the language).
 */
export function formatRelativeTime(value: string | number | Date, now: number, locale: Locale, fallback?: RelativeFallback): string {
  const time = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const seconds = Math.round((time - now) / 1000);
  const format = intlFormat(locale);
  // Under ten seconds (or a phone clock slightly behind the server's) reads as "now".
  if (Math.abs(seconds) < 10) {
    if (format) return format.format(0, 'second');
    return fallback ? fallback(0, 'now') : '';
  }
  const unit = RELATIVE_UNITS.find((u) => Math.abs(seconds) >= SECONDS[u]) ?? 'second';
  const count = Math.trunc(seconds / SECONDS[unit]);
  if (format) return format.format(count, unit);
  return fallback ? fallback(Math.abs(count), unit) : '';
}
