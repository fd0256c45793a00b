import { describe, expect, it } from 'vitest';
import { inDailyWindow } from './closed-window.ts';

/** Bangkok is UTC+7 all year. */
const bangkok = (hhmm: string) => new Date(`2026-11-21T${hhmm}:00+07:00`);

describe('inDailyWindow (site time zone)', () => {
  it('spans midnight when the start is after the end: 23:50-00:10', () => {
    expect(inDailyWindow(bangkok('23:49'), '23:50', '00:10')).toBe(false);
    expect(inDailyWindow(bangkok('23:50'), '23:50', '00:10')).toBe(true);
    expect(inDailyWindow(bangkok('00:00'), '23:50', '00:10')).toBe(true);
    expect(inDailyWindow(bangkok('00:09'), '23:50', '00:10')).toBe(true);
    expect(inDailyWindow(bangkok('00:10'), '23:50', '00:10')).toBe(false);
    expect(inDailyWindow(bangkok('12:00'), '23:50', '00:10')).toBe(false);
  });

  it('handles a window inside one day, and an empty window', () => {
    expect(inDailyWindow(bangkok('02:30'), '02:00', '03:00')).toBe(true);
    expect(inDailyWindow(bangkok('03:00'), '02:00', '03:00')).toBe(false);
    expect(inDailyWindow(bangkok('02:30'), '02:00', '02:00')).toBe(false);
  });
});
