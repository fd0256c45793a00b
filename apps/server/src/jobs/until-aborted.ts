/** Resolves when `signal` aborts (at once if it has): to race a wait that must not outlast it, such as a pass at close. */
export function untilAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}
