import { DELAYS_MS } from '@jetton/contract/constants';

export type ToastTone = 'danger' | 'success' | 'info';

/** `screen`: the path it was raised on; an error belongs to that screen only. */
export type Toast = { id: number; tone: ToastTone; text: string; screen: string };

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  emit(toasts.filter((toast) => toast.id !== id));
}

/**
 * Shows a toast; it closes itself after `durationMs` (4 s for errors: docs/screens.md).
 * The same text shown twice in a row replaces the first instead of stacking.
 * It remembers the screen (path) that raised it: see `leaveScreen`.
 */
export function showToast(text: string, tone: ToastTone = 'danger', durationMs: number = DELAYS_MS.toast): number {
  const duplicate = toasts.find((toast) => toast.text === text && toast.tone === tone);
  if (duplicate) dismissToast(duplicate.id);
  const id = nextId++;
  emit([...toasts, { id, tone, text, screen: window.location.pathname }].slice(-3));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), durationMs),
  );
  return id;
}

/**
 * Called on every navigation: errors raised on another screen are stale there
 * (a failed login's error must not follow the member home). Success and info
 * toasts may announce the move itself ("password changed, log in again") and stay.
 */
export function leaveScreen(pathname: string): void {
  for (const toast of toasts) {
    if (toast.tone === 'danger' && toast.screen !== pathname) dismissToast(toast.id);
  }
}

export const toastStore = {
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): readonly Toast[] => toasts,
};
