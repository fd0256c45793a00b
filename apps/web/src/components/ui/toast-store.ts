import { DELAYS_MS } from '@jetton/contract/constants';

export type ToastTone = 'danger' | 'success' | 'info';

export type Toast = { id: number; tone: ToastTone; text: string };

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
 */
export function showToast(text: string, tone: ToastTone = 'danger', durationMs: number = DELAYS_MS.toast): number {
  const duplicate = toasts.find((toast) => toast.text === text && toast.tone === tone);
  if (duplicate) dismissToast(duplicate.id);
  const id = nextId++;
  emit([...toasts, { id, tone, text }].slice(-3));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), durationMs),
  );
  return id;
}

export const toastStore = {
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): readonly Toast[] => toasts,
};
