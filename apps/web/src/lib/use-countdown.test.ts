import { describe, expect, it } from 'vitest';
import { formatCountdown } from './use-countdown';

describe('formatCountdown', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(75)).toBe('1:15');
    expect(formatCountdown(9)).toBe('0:09');
  });

  it('never shows a negative or fractional time', () => {
    expect(formatCountdown(-3)).toBe('0:00');
    expect(formatCountdown(5.7)).toBe('0:05');
  });
});
