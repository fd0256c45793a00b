/** How a batch item went: its settle function's answer, or the error it threw. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * A job pass's loop over what it claimed: `settle` runs on `parallel` items at
 * a time (the rest wait their turn), and every item's outcome is handed to
 * `onSettled` in order, a throw included (its lease runs out and a later pass
 * takes it again). Used by the transfer reconciler and the payout job.
 */
export async function settleInBatches<T, R>(
  items: readonly T[],
  parallel: number,
  settle: (item: T) => Promise<R>,
  onSettled: (outcome: Settled<R>) => void,
): Promise<void> {
  for (let i = 0; i < items.length; i += parallel) {
    for (const result of await Promise.allSettled(items.slice(i, i + parallel).map(settle))) {
      onSettled(result.status === 'fulfilled' ? { ok: true, value: result.value } : { ok: false, error: result.reason });
    }
  }
}
