import type { GameLaunchTarget } from '@jetton/ui/lib/build-flags';

/** A launch in progress: the window is taken during the tap, sent to the game once the link is known. */
export type PendingLaunch = { open: (link: string) => void; cancel: () => void };

/**
 * Call this in the tap handler itself, before any await: browsers only let a
 * page open a new tab during a user gesture, and the link comes from the
 * server (maybe after a transfer) a moment later. With the same-window build
 * flag nothing is opened up front.
 */
export function beginLaunch(target: GameLaunchTarget): PendingLaunch {
  if (target === '_self') return { open: (link) => window.location.assign(link), cancel: () => undefined };
  const opened = window.open('', '_blank');
  // The game page must not be able to steer this tab (reverse tabnabbing).
  if (opened) opened.opener = null;
  return {
    // A blocked pop-up leaves no window: the game then opens here rather than not at all.
    open: (link) => (opened && !opened.closed ? opened.location.assign(link) : window.location.assign(link)),
    cancel: () => opened?.close(),
  };
}
