import { SPIN_WHEEL } from '@jetton/contract/constants';

/**
 * The wheel's geometry and motion (docs/spin.md, "The screen"). Slice i covers
 * the angles [i, i + 1) x seg clockwise from the pointer at the top when the
 * wheel is at rotation 0; the wheel turns clockwise by `rotation` radians.
 */
const TAU = Math.PI * 2;
const FRAME_MS = 1000 / 60;

export function segment(count: number): number {
  return TAU / count;
}

/** The slice under the pointer at a rotation. */
export function sliceAtPointer(rotation: number, count: number): number {
  const under = (((-rotation % TAU) + TAU) % TAU) / segment(count);
  return Math.min(count - 1, Math.floor(under));
}

/**
 * Where a spin ends: `turns` full turns past `start`, then the rest of the way
 * to put slice `index` under the pointer, `offset` (-0.5..0.5 of a slice,
 * kept well inside it) from its middle.
 */
export function landingRotation(start: number, index: number, count: number, turns: number, offset: number): number {
  const seg = segment(count);
  const target = -(index + 0.5 + Math.max(-0.35, Math.min(0.35, offset))) * seg;
  const rest = (((target - start) % TAU) + TAU) % TAU;
  return start + turns * TAU + rest;
}

/** 3 to 5 full turns; duration random 4-5 s x turns x 0.1 (SPIN_WHEEL). */
export function spinPlan(random: () => number = Math.random): { turns: number; durationMs: number; offset: number } {
  const turns = SPIN_WHEEL.minTurns + Math.floor(random() * (SPIN_WHEEL.maxTurns - SPIN_WHEEL.minTurns + 1));
  const [low, high] = SPIN_WHEEL.durationSecondsRange;
  const seconds = (low + random() * (high - low)) * turns * SPIN_WHEEL.durationTurnFactor;
  return { turns, durationMs: seconds * 1000, offset: random() - 0.5 };
}

/**
 * Share of the way covered after `elapsedMs` of `durationMs`: the speed falls
 * by SPIN_WHEEL.friction every frame (1/60 s), scaled so the wheel stops
 * exactly at the end of the duration.
 */
export function frictionProgress(elapsedMs: number, durationMs: number): number {
  if (elapsedMs >= durationMs) return 1;
  const f = SPIN_WHEEL.friction;
  const frames = durationMs / FRAME_MS;
  return (1 - f ** (elapsedMs / FRAME_MS)) / (1 - f ** frames);
}

/** The wheel's side: at most 350 px or 85 % of the window width. */
export function wheelSize(windowWidth: number): number {
  return Math.floor(Math.min(SPIN_WHEEL.maxSizePx, windowWidth * SPIN_WHEEL.maxWidthRatio));
}
