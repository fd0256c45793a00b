import { useEffect, useState } from 'react';

function secondsUntil(deadline: number): number {
  return Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/**
 * Whole seconds left until `deadline` (epoch ms), ticking once a second and
 * stopping at 0. Reading the clock on each tick (not counting ticks) keeps it
 * right after the phone sleeps or the tab is in the background. A new deadline
 * needs a fresh component (`key={deadline}`).
 */
export function useCountdown(deadline: number): number {
  const [remaining, setRemaining] = useState(() => secondsUntil(deadline));
  useEffect(() => {
    const timer = setInterval(() => {
      const left = secondsUntil(deadline);
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return remaining;
}

/** 75 -> "1:15": the mm:ss a countdown shows (no leading zero on minutes). */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, '0')}`;
}
