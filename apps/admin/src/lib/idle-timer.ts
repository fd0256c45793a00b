/**
 * Ends the session after `idleMs` without the operator touching the page (docs/operators.md,
 * "The admin app"). The server ends an idle session by itself; this is so an unattended
 * screen does not keep showing members' data, and so the dashboard's own refreshes (which the
 * server counts as use) cannot keep a session alive with nobody at the desk.
 */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

export function watchIdle(idleMs: number, onIdle: () => void): () => void {
  let timer = setTimeout(onIdle, idleMs);
  let last = Date.now();
  const touch = (): void => {
    // Re-arming on every event is cheap, but a key held down fires many: once a second is enough.
    const now = Date.now();
    if (now - last < 1000) return;
    last = now;
    clearTimeout(timer);
    timer = setTimeout(onIdle, idleMs);
  };
  for (const event of ACTIVITY_EVENTS) window.addEventListener(event, touch, { passive: true, capture: true });
  return () => {
    clearTimeout(timer);
    for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, touch, { capture: true });
  };
}
