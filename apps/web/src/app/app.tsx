import { useEffect } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { leaveScreen } from '@/components/ui/toast-store';
import { Toaster } from '@/components/ui/toaster';
import type { AppRouter } from './router';

type AppProps = { router: AppRouter; queryClient: QueryClient };

/** Providers and the app-wide layers (loading overlay, toasts) around the router. */
export function App({ router, queryClient }: AppProps) {
  // Toasts belong to the screen that raised them: a navigation clears the stale errors.
  useEffect(() => router.subscribe((state) => leaveScreen(state.location.pathname)), [router]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <LoadingOverlay />
      <Toaster />
    </QueryClientProvider>
  );
}
