import { useEffect } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { LoadingOverlay } from '@jetton/ui/components/loading-overlay';
import { leaveScreen } from '@jetton/ui/components/toast-store';
import { Toaster } from '@jetton/ui/components/toaster';
import { useHydrated } from '@/lib/use-hydrated';
import type { AppRouter } from './router';

type AppProps = { router: AppRouter; queryClient: QueryClient };

/**
 * Providers and the app-wide layers (loading overlay, toasts) around the router.
 * The layers are portals into <body>, which the prerendered login's HTML does not
 * have: they join from the second render, so hydration adopts only the screen.
 */
export function App({ router, queryClient }: AppProps) {
  const hydrated = useHydrated();
  // Toasts belong to the screen that raised them: a navigation clears the stale errors.
  useEffect(() => router.subscribe((state) => leaveScreen(state.location.pathname)), [router]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {hydrated && <LoadingOverlay />}
      {hydrated && <Toaster />}
    </QueryClientProvider>
  );
}
