import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import i18n from 'i18next';
import { buildFlags } from '@jetton/ui/lib/build-flags';
import type { AppRouter } from './router';

/**
 * Starts the app in `container`. /login arrives prerendered (docs/performance.md,
 * "The prerendered login"): the screen is already painted from the HTML, in
 * the build's language. Once the router has the route ready (loaders run,
 * screen downloaded), the app adopts those very elements (hydration), so
 * nothing is painted twice and what the visitor typed stays where it is. A
 * visitor who chose another language gets the screen drawn afresh instead, in
 * one go: its words and labels differ from the snapshot's. So does the
 * prerendered home, whose first paint is the member area while the wallet loads.
 */
export async function startApp(container: HTMLElement, router: AppRouter, app: ReactNode): Promise<void> {
  if (!container.dataset.prerendered) return void createRoot(container).render(app);
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  delete container.dataset.prerendered;
  const sameScreen = router.state.location.pathname === '/login' && i18n.language === buildFlags.defaultLocale;
  if (sameScreen) return void hydrateRoot(container, app);
  // The painted page stays until React's first commit replaces it (React clears the container
  // then), and as a transition the first render yields to the browser every few milliseconds
  // instead of holding the main thread for the whole screen (docs/performance.md, "The home's
  // critical path").
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
