import { describe, expect, it } from 'vitest';
import { createWindowCounter } from './window-counter.ts';

describe('window counter', () => {
  it('allows max hits per window per key, then refuses until the window ends', () => {
    let t = 1_000;
    const counter = createWindowCounter(() => t);
    expect([1, 2, 3].map(() => counter.hit('a', 2, 1_000))).toEqual([true, true, false]);
    expect(counter.hit('b', 2, 1_000)).toBe(true);
    t += 1_000;
    expect(counter.hit('a', 2, 1_000)).toBe(true);
  });
});
