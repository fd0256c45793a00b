import { describe, expect, it, vi } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = Date.parse('2026-11-21T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it('uses the largest whole unit, in English', () => {
    expect(formatRelativeTime(ago(5 * 60), now, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600 + 59 * 60), now, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime(ago(24 * 3600), now, 'en')).toBe('yesterday');
    expect(formatRelativeTime(ago(40 * 24 * 3600), now, 'en')).toBe('last month');
  });

  it('says "now" for the last few seconds and for a server clock slightly ahead', () => {
    expect(formatRelativeTime(ago(3), now, 'en')).toBe('now');
    expect(formatRelativeTime(ago(-4), now, 'en')).toBe('now');
  });

  it("speaks the member's language", () => {
    expect(formatRelativeTime(ago(5 * 60), now, 'th')).toMatch(/5 นาที/);
  });

  it('words it with the fallback when Intl lacks the language', () => {
    const supported = vi.spyOn(Intl.RelativeTimeFormat, 'supportedLocalesOf').mockReturnValue([]);
    const fallback = (count: number, unit: string) => `${unit}:${count}`;
    // 'la' has not been formatted in this file before, so its format is looked up now.
    expect(formatRelativeTime(ago(2 * 3600), now, 'la', fallback)).toBe('hour:2');
    expect(formatRelativeTime(ago(1), now, 'la', fallback)).toBe('now:0');
    supported.mockRestore();
  });

  it('is empty for a date it cannot read', () => {
    expect(formatRelativeTime('not a date', now, 'en')).toBe('');
  });
});
