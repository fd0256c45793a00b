import type { Clock } from '../clock.ts';

/** The app's clock, which the seeder sets to each step's day so every row carries that day's time; `undefined` returns to real time. */
export type MovableClock = Clock & { moveTo: (date: Date | undefined) => void };

/** A clock at real time until moved; `moveTo` shifts it by a fixed offset, so time still runs. */
export function createMovableClock(): MovableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() - offsetMs),
    moveTo: (date) => {
      offsetMs = date ? Date.now() - date.getTime() : 0;
    },
  };
}
