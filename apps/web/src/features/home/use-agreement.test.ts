import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleAgreement } from './use-agreement';

describe('scheduleAgreement', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is due 1.5 s after home opens, not before', () => {
    const onDue = vi.fn();
    scheduleAgreement(false, onDue);
    vi.advanceTimersByTime(1_499);
    expect(onDue).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onDue).toHaveBeenCalledOnce();
  });

  it('never comes once the member has accepted it', () => {
    const onDue = vi.fn();
    scheduleAgreement(true, onDue);
    vi.advanceTimersByTime(60_000);
    expect(onDue).not.toHaveBeenCalled();
  });

  it('is cancelled when the member leaves home first', () => {
    const onDue = vi.fn();
    const cancel = scheduleAgreement(false, onDue);
    vi.advanceTimersByTime(1_000);
    cancel();
    vi.advanceTimersByTime(1_000);
    expect(onDue).not.toHaveBeenCalled();
  });
});
