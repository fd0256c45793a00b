import { FORMATS, type Currency } from '@jetton/contract/constants';

/**
 * Display formats (docs/screens.md, "Formats and timings"): money with two decimals and thousands
 * separators, dates DD/MM/YYYY HH:mm:ss in the site time zone (Asia/Bangkok,
 * the same offset as Laos), 10-digit account numbers as 3-3-4. Latin digits in
 * every language, as the banking apps members know.
 */
const moneyFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: FORMATS.decimals,
  maximumFractionDigits: FORMATS.decimals,
});

const dateParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: FORMATS.timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export function formatMoney(amount: number): string {
  // Normalise -0 so a zero balance never shows as "-0.00".
  return moneyFormat.format(amount === 0 ? 0 : amount);
}

export function formatDateTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const part = (type: Intl.DateTimeFormatPartTypes): string => dateParts.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

export function formatAccountNumber(accountNo: string): string {
  const digits = accountNo.replace(/\D/g, '');
  if (digits.length !== 10) return accountNo;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

const sizeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A file size for people: "812 B", "24 KB", "1.4 MB" (binary units, Latin digits like the rest). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} B`;
  const kilobytes = Math.round(bytes / 1024);
  if (kilobytes < 1024) return `${kilobytes} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}

const CURRENCY_SIGNS: Record<Currency, string> = { THB: '฿', LAK: '₭' };

/** An amount with its currency's sign, as the member's wallet holds it: "₭50,000.00", "฿100.00". */
export function formatMoneyIn(amount: number, currency: Currency | undefined): string {
  return currency ? `${CURRENCY_SIGNS[currency]}${formatMoney(amount)}` : formatMoney(amount);
}
