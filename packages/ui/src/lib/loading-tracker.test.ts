import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingTracker } from './loading-tracker';

describe('loading overlay delay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays hidden for a call that finishes within 200 ms', () => {
    const tracker = createLoadingTracker(200);
    const end = tracker.begin();
    vi.advanceTimersByTime(150);
    end();
    vi.advanceTimersByTime(500);
    expect(tracker.isVisible()).toBe(false);
  });

  it('shows once a call has lasted 200 ms and hides when it ends', () => {
    const tracker = createLoadingTracker(200);
    const end = tracker.begin();
    vi.advanceTimersByTime(199);
    expect(tracker.isVisible()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(tracker.isVisible()).toBe(true);
    end();
    expect(tracker.isVisible()).toBe(false);
  });

  it('stays visible until the last of several overlapping calls ends', () => {
    const tracker = createLoadingTracker(200);
    const endFirst = tracker.begin();
    vi.advanceTimersByTime(100);
    const endSecond = tracker.begin();
    vi.advanceTimersByTime(100);
    expect(tracker.isVisible()).toBe(true);
    endFirst();
    expect(tracker.isVisible()).toBe(true);
    endSecond();
    expect(tracker.isVisible()).toBe(false);
  });

  it('ignores a second end() of the same call', () => {
    const tracker = createLoadingTracker(200);
    const endFirst = tracker.begin();
    const endSecond = tracker.begin();
    endFirst();
    endFirst();
    vi.advanceTimersByTime(200);
    expect(tracker.isVisible()).toBe(true);
    endSecond();
    expect(tracker.isVisible()).toBe(false);
  });

  it('notifies subscribers only when visibility changes', () => {
    const tracker = createLoadingTracker(200);
    const listener = vi.fn();
    tracker.subscribe(listener);
    const end = tracker.begin();
    vi.advanceTimersByTime(300);
    end();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
