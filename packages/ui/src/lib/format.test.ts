import { describe, expect, it } from 'vitest';
import { formatAccountNumber, formatDateTime, formatFileSize, formatMoney, formatMoneyIn } from './format';

describe('formatMoney', () => {
  it('shows two decimals with thousands separators', () => {
    expect(formatMoney(1234567.5)).toBe('1,234,567.50');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(12)).toBe('12.00');
  });

  it('rounds to two decimals and keeps the sign of real negatives', () => {
    expect(formatMoney(0.005)).toBe('0.01');
    expect(formatMoney(-1500.25)).toBe('-1,500.25');
  });

  it('never shows a negative zero', () => {
    expect(formatMoney(-0)).toBe('0.00');
  });
});

describe('formatDateTime', () => {
  it('formats DD/MM/YYYY HH:mm:ss in Asia/Bangkok (UTC+7)', () => {
    expect(formatDateTime('2026-03-04T17:05:09Z')).toBe('05/03/2026 00:05:09');
    expect(formatDateTime('2026-12-31T01:02:03.000Z')).toBe('31/12/2026 08:02:03');
  });

  it('accepts a Date and a timestamp', () => {
    const date = new Date('2026-01-15T12:00:00Z');
    expect(formatDateTime(date)).toBe('15/01/2026 19:00:00');
    expect(formatDateTime(date.getTime())).toBe('15/01/2026 19:00:00');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatAccountNumber', () => {
  it('splits a 10-digit account number 3-3-4', () => {
    expect(formatAccountNumber('1234567890')).toBe('123-456-7890');
  });

  it('leaves other lengths as they are', () => {
    expect(formatAccountNumber('123456789012')).toBe('123456789012');
    expect(formatAccountNumber('12345')).toBe('12345');
  });
});

describe('formatFileSize', () => {
  it('uses bytes, whole kilobytes, then megabytes with at most one decimal', () => {
    expect(formatFileSize(812)).toBe('812 B');
    expect(formatFileSize(24_600)).toBe('24 KB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatFileSize(1.44 * 1024 * 1024)).toBe('1.4 MB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
  });
});

describe('formatMoneyIn', () => {
  it('labels an amount with its currency sign: kip and baht', () => {
    expect(formatMoneyIn(50_000, 'LAK')).toBe('₭50,000.00');
    expect(formatMoneyIn(100, 'THB')).toBe('฿100.00');
    expect(formatMoneyIn(100, undefined)).toBe('100.00');
  });
});

describe('formats written by hand agree with Intl', () => {
  it('money: the same text as en-US with two decimals, over a spread of amounts', () => {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const amount of [0.01, 0.1, 0.99, 1, 9.99, 999.99, 1000, 1234.5, 99_999.99, 100_000, 1_000_000, 650_000_000, 12_345_678_901.23]) {
      expect(formatMoney(amount)).toBe(intl.format(amount));
      expect(formatMoney(-amount)).toBe(intl.format(-amount));
    }
  });

  it('dates: the same wall clock as Intl in Asia/Bangkok, across years and day ends', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Bangkok',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    for (const iso of [
      '2024-02-28T16:59:59Z',
      '2024-02-28T17:00:00Z',
      '2025-12-31T16:59:59Z',
      '2025-12-31T17:00:00Z',
      '2026-06-15T09:30:00Z',
    ]) {
      expect(formatDateTime(iso)).toBe(intl.format(new Date(iso)).replace(',', ''));
    }
  });
});
