import { describe, expect, it } from 'vitest';
import { frictionProgress, landingRotation, sliceAtPointer, spinPlan, wheelSize } from './wheel-motion';

describe('wheel motion', () => {
  it('lands on the drawn slice whatever the start, turns and offset', () => {
    for (const count of [2, 5, 8, 13]) {
      for (let index = 0; index < count; index += 1) {
        for (const start of [0, 1.3, -4, 100]) {
          for (const offset of [-0.5, 0, 0.49]) {
            const end = landingRotation(start, index, count, 3, offset);
            expect(sliceAtPointer(end, count)).toBe(index);
            expect(end - start).toBeGreaterThanOrEqual(3 * 2 * Math.PI);
          }
        }
      }
    }
  });

  it('turns 3 to 5 times for 4-5 s x turns x 0.1', () => {
    const low = spinPlan(() => 0);
    expect(low.turns).toBe(3);
    expect(low.durationMs).toBeCloseTo(1200, 6);
    const top = spinPlan(() => 0.999999);
    expect(top.turns).toBe(5);
    expect(top.durationMs).toBeCloseTo(2500, 0);
  });

  it('slows by friction and stops exactly at the end', () => {
    expect(frictionProgress(0, 2000)).toBe(0);
    expect(frictionProgress(2000, 2000)).toBe(1);
    const half = frictionProgress(1000, 2000);
    expect(half).toBeGreaterThan(0.5);
    expect(half).toBeLessThan(1);
  });

  it('is at most 350 px or 85 % of the window', () => {
    expect(wheelSize(1200)).toBe(350);
    expect(wheelSize(360)).toBe(306);
  });
});
