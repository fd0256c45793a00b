import { describe, expect, it } from 'vitest';
import { periodBounds } from './care-periods.ts';

const bkk = (local: string) => new Date(`${local}+07:00`);

describe('limit periods in site time', () => {
  it('a day runs from midnight in Bangkok', () => {
    expect(periodBounds('day', bkk('2026-11-29T23:59:59'))).toEqual({ from: bkk('2026-11-29T00:00:00'), to: bkk('2026-11-30T00:00:00') });
  });
  it('a week runs Monday to Sunday: Sunday night is still the old week, Monday 00:00 the new one', () => {
    // 2026-11-29 is a Sunday.
    expect(periodBounds('week', bkk('2026-11-29T23:59:59')).from).toEqual(bkk('2026-11-23T00:00:00'));
    expect(periodBounds('week', bkk('2026-11-30T00:00:00'))).toEqual({ from: bkk('2026-11-30T00:00:00'), to: bkk('2026-12-07T00:00:00') });
  });
  it('a month is the calendar month, December to January included', () => {
    expect(periodBounds('month', bkk('2026-12-31T23:00:00'))).toEqual({ from: bkk('2026-12-01T00:00:00'), to: bkk('2027-01-01T00:00:00') });
    expect(periodBounds('month', bkk('2027-02-01T00:00:00')).to).toEqual(bkk('2027-03-01T00:00:00'));
  });
});
