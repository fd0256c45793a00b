/**
 * What `react` and `react-dom` resolve to in the member site's build: Preact's
 * React layer, plus the one React 19 hook React Router imports that Preact has
 * not got. Why Preact: docs/performance.md, "The runtime".
 */
import { useState } from 'preact/compat';

// @ts-expect-error -- Preact's React types say `export =`, which `export *` cannot read; the app is
// typed against React's own types, and the bundler reads this module, not its types.
// eslint-disable-next-line no-restricted-syntax -- this file stands in for the whole `react` module
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React Router calls this only to show an optimistic state during a transition
 * it starts itself with `useTransitions` on, which this app never sets; outside
 * a transition React's hook returns the state it is given, and so does this.
 */
export function useOptimistic<S>(state: S): [S, (update: unknown) => void] {
  useState(0); // keep the hook count React's would have
  return [state, () => undefined];
}
