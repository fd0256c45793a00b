import { useEffect } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { leaveScreen } from '@jetton/ui/components/toast-store';
import { Toaster } from '@jetton/ui/components/toaster';
import type { AdminRouter } from './router';

type AppProps = { router: AdminRouter; queryClient: QueryClient };

export function App({ router, queryClient }: AppProps) {
  useEffect(() => router.subscribe((state) => leaveScreen(state.location.pathname)), [router]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
