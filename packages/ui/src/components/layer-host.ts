import { useSyncExternalStore } from 'react';

/**
 * Where global layers (toasts, loading overlay) render. A modal <dialog> makes
 * everything outside it inert and sits in the browser's top layer, so while a
 * sheet is open the toasts and overlay portal into that dialog to stay visible,
 * clickable and announced.
 */
let hosts: readonly HTMLElement[] = [];
const listeners = new Set<() => void>();

function emit(next: readonly HTMLElement[]): void {
  hosts = next;
  for (const listener of listeners) listener();
}

export function pushLayerHost(element: HTMLElement): () => void {
  emit([...hosts, element]);
  return () => emit(hosts.filter((host) => host !== element));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function topHost(): HTMLElement {
  return hosts.at(-1) ?? document.body;
}

export function useLayerHost(): HTMLElement {
  return useSyncExternalStore(subscribe, topHost);
}
