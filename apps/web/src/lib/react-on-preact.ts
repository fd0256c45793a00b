/**
 * What `react` and `react-dom` resolve to in the member site's build: Preact's
 * React layer, name by name (the build fails on a name a library imports that
 * is not listed), plus the one React 19 hook React Router imports that Preact
 * has not got. Why Preact: docs/performance.md, "The runtime".
 */
import { useState } from 'preact/compat';

export {
  default,
  Children,
  Component,
  Fragment,
  PureComponent,
  StrictMode,
  Suspense,
  cloneElement,
  createContext,
  createElement,
  createFactory,
  createPortal,
  createRef,
  findDOMNode,
  flushSync,
  forwardRef,
  hydrate,
  isFragment,
  isMemo,
  isValidElement,
  lazy,
  memo,
  render,
  startTransition,
  unmountComponentAtNode,
  unstable_batchedUpdates,
  use,
  useCallback,
  useContext,
  useDebugValue,
  useDeferredValue,
  useEffect,
  useEffectEvent,
  useId,
  useImperativeHandle,
  useInsertionEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  useTransition,
  version,
} from 'preact/compat';

/**
 * React Router calls this only to show an optimistic state during a transition
 * it starts itself with `useTransitions` on, which this app never sets; outside
 * a transition React's hook returns the state it is given, and so does this.
 */
export function useOptimistic<S>(state: S): [S, (update: unknown) => void] {
  useState(0); // keep the hook count React's would have
  return [state, () => undefined];
}
