import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { Toaster } from '@/components/ui/toaster';
import type { AppRouter } from './router';

type AppProps = { router: AppRouter; queryClient: QueryClient };

/** Providers and the app-wide layers (loading overlay, toasts) around the router. */
export function App({ router, queryClient }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <LoadingOverlay />
      <Toaster />
    </QueryClientProvider>
  );
}
