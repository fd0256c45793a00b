import { FORMATS, type Currency } from '@jetton/contract/constants';
import { SITE_OFFSET_MS } from '@jetton/contract/site-time';

/**
 * Display formats (docs/screens.md, "Formats and timings"): money with two decimals and thousands
 * separators, dates DD/MM/YYYY HH:mm:ss in the site time zone (Asia/Bangkok,
 * the same offset as Laos), 10-digit account numbers as 3-3-4. Latin digits in
 * every language, as the banking apps members know.
 *
 * Money and dates are written out by hand rather than with Intl: the first Intl
 * formatter a page builds loads the browser's locale and time-zone data, tens
 * of milliseconds of main thread on a phone before the first balance can show
 * (docs/performance.md, "The home's critical path"). The formats are fixed, so
 * nothing is lost.
 */
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;
const FRACTION = 10 ** FORMATS.decimals;

export function formatMoney(amount: number): string {
  const minor = Math.round(Math.abs(amount) * FRACTION);
  const whole = Math.floor(minor / FRACTION)
    .toString()
    .replace(THOUSANDS, ',');
  const fraction = (minor % FRACTION).toString().padStart(FORMATS.decimals, '0');
  // A zero (or -0, or a negative that rounds to zero) never shows as "-0.00".
  return `${amount < 0 && minor > 0 ? '-' : ''}${whole}.${fraction}`;
}

/** The site's wall clock is UTC+7 all year, so the date is UTC's, moved by the offset. */
export function formatDateTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const iso = new Date(date.getTime() + SITE_OFFSET_MS).toISOString(); // YYYY-MM-DDTHH:mm:ss.sssZ
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 19)}`;
}

export function formatAccountNumber(accountNo: string): string {
  const digits = accountNo.replace(/\D/g, '');
  if (digits.length !== 10) return accountNo;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A file size for people: "812 B", "24 KB", "1.4 MB" (binary units, Latin digits like the rest). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} B`;
  const kilobytes = Math.round(bytes / 1024);
  if (kilobytes < 1024) return `${kilobytes} KB`;
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
}

const CURRENCY_SIGNS: Record<Currency, string> = { THB: '฿', LAK: '₭' };

/** An amount with its currency's sign, as the member's wallet holds it: "₭50,000.00", "฿100.00". */
export function formatMoneyIn(amount: number, currency: Currency | undefined): string {
  return currency ? `${CURRENCY_SIGNS[currency]}${formatMoney(amount)}` : formatMoney(amount);
}
