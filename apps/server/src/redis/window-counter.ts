/**
 * Fixed-window counters in this process's memory: the chat's per-connection limits (a socket lives
 * on one node), and the per-node fallback of the shared counters while Redis is unreachable.
 */
export function createWindowCounter(now: () => number) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweepAt = 0;
  return {
    /** Counts one hit; false when the key is over `max` in its current window. */
    hit(key: string, max: number, windowMs: number): boolean {
      const t = now();
      if (t >= sweepAt) {
        // Drop finished windows now and then, so the map holds only live clients.
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
        sweepAt = t + 60_000;
      }
      const current = windows.get(key);
      if (!current || current.resetAt <= t) {
        windows.set(key, { count: 1, resetAt: t + windowMs });
        return true;
      }
      current.count++;
      return current.count <= max;
    },
    forget(key: string): void {
      windows.delete(key);
    },
  };
}
export type WindowCounter = ReturnType<typeof createWindowCounter>;
