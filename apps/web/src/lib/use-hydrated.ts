import { useEffect, useState } from 'react';

/**
 * False in a component's first render, true from then on. A prerendered
 * screen's first render in the browser must draw exactly its HTML (the app
 * adopts those elements and does not redraw them: docs/performance.md, "The
 * prerendered login"); what only works once the app runs switches on after.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the second render is the point
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
