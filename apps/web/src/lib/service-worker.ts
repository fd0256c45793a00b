/**
 * Registers the service worker once the page has loaded (docs/member-web.md, "Installable app"):
 * after the first paint, so it never competes with the screen for the network. It only keeps the
 * offline page; a browser without service workers (or a private window refusing them) loses nothing.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
