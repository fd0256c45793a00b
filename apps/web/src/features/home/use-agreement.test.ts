import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptedMembers, scheduleAgreement, withAccepted } from './use-agreement';

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

describe('remember-agreement, per member', () => {
  it('remembers each member who accepted, once, and nobody from an older or broken value', () => {
    const one = withAccepted(null, 'member-a');
    const two = withAccepted(one, 'member-b');
    expect(acceptedMembers(two)).toEqual(['member-a', 'member-b']);
    expect(acceptedMembers(withAccepted(two, 'member-a'))).toEqual(['member-b', 'member-a']);
    expect(acceptedMembers('true')).toEqual([]);
    expect(acceptedMembers('{not json')).toEqual([]);
  });

  it('keeps the latest twenty members of a shared device', () => {
    let stored: string | null = null;
    for (let i = 0; i < 25; i += 1) stored = withAccepted(stored, `m${i}`);
    const ids = acceptedMembers(stored);
    expect(ids).toHaveLength(20);
    expect(ids[0]).toBe('m5');
    expect(ids.at(-1)).toBe('m24');
  });
});
