import { DELAYS_MS } from '@jetton/contract/constants';

/**
 * Counts calls in flight and says when the global overlay should show: only
 * once some call has been running for `delayMs` (200 ms, docs/screens.md), so quick calls
 * never flash it. Each `begin()` returns its own idempotent `end()`.
 */
export type LoadingTracker = {
  begin: () => () => void;
  isVisible: () => boolean;
  subscribe: (listener: () => void) => () => void;
};

export function createLoadingTracker(delayMs: number = DELAYS_MS.loader): LoadingTracker {
  let inFlight = 0;
  let visible = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const setVisible = (next: boolean): void => {
    if (visible === next) return;
    visible = next;
    for (const listener of listeners) listener();
  };

  const begin = (): (() => void) => {
    inFlight += 1;
    timer ??= setTimeout(() => {
      timer = undefined;
      if (inFlight > 0) setVisible(true);
    }, delayMs);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      inFlight -= 1;
      if (inFlight > 0) return;
      clearTimeout(timer);
      timer = undefined;
      setVisible(false);
    };
  };

  return {
    begin,
    isVisible: () => visible,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app-wide tracker the API client reports to and the overlay reads. */
export const loadingTracker = createLoadingTracker();
