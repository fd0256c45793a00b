import { describe, expect, it } from 'vitest';
import {
  addSiteDays,
  DAY_MS,
  HOUR_MS,
  isSiteDay,
  previousSiteDay,
  siteDay,
  siteDaysBetween,
  siteDayStart,
  siteWeekStart,
} from './site-time.ts';

describe('site time (Asia/Bangkok, UTC+7)', () => {
  it('puts 17:00 UTC on the next site day', () => {
    expect(siteDay(new Date('2026-11-22T16:59:59.999Z'))).toBe('2026-11-22');
    expect(siteDay(new Date('2026-11-22T17:00:00Z'))).toBe('2026-11-23');
    expect(siteDay(Date.parse('2026-11-22T17:00:00Z'))).toBe('2026-11-23');
  });

  it('starts a site day at 00:00 in Bangkok and round-trips', () => {
    expect(siteDayStart('2026-11-23').toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(siteDay(siteDayStart('2026-11-23'))).toBe('2026-11-23');
    expect(siteDayStart('2026-11-24').getTime() - siteDayStart('2026-11-23').getTime()).toBe(DAY_MS);
    expect(DAY_MS).toBe(24 * HOUR_MS);
  });

  it('counts days across month and year ends', () => {
    expect(addSiteDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addSiteDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(previousSiteDay(new Date('2026-11-22T17:00:00Z'))).toBe('2026-11-22');
    expect(siteDaysBetween('2026-11-29', '2026-12-02')).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
    expect(siteDaysBetween('2026-11-02', '2026-11-01')).toEqual([]);
  });

  it('starts the week on Monday in Bangkok', () => {
    // Sunday 23:30 in Bangkok is still the week that began Monday 2026-11-16.
    expect(siteWeekStart(new Date('2026-11-22T16:30:00Z')).toISOString()).toBe('2026-11-15T17:00:00.000Z');
    // Monday 00:00 in Bangkok starts a new week.
    expect(siteWeekStart(new Date('2026-11-22T17:00:00Z')).toISOString()).toBe('2026-11-22T17:00:00.000Z');
  });

  it('accepts only real calendar days', () => {
    expect(isSiteDay('2026-02-28')).toBe(true);
    expect(isSiteDay('2026-02-30')).toBe(false);
    expect(isSiteDay('2026-2-3')).toBe(false);
  });
});
