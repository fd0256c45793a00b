import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { RouteError } from '@jetton/ui/app/route-error';
import { RouteFallback } from '@jetton/ui/app/route-fallback';
import { adminSession } from '@admin/lib/admin-api';
import { meQuery } from '@admin/lib/operator';
import { homePathFor, SCREENS, type AdminScreen } from './screens';

export type AdminRouter = ReturnType<typeof createBrowserRouter>;

/** `?next=` keeps where the operator was going, so a login after an expiry returns there. */
function loginRedirect(request: Request, reason?: string): Response {
  const url = new URL(request.url);
  const next = url.pathname.replace(/^\/admin/, '') + url.search;
  const params = new URLSearchParams();
  if (next && next !== '/' && !next.startsWith('/login')) params.set('next', next);
  if (reason) params.set('reason', reason);
  const query = params.toString();
  return redirect(query ? `/login?${query}` : '/login');
}

/**
 * Loaders of nested routes run side by side with the layout's: each waits for the same "who am I"
 * call. Without a session it answers nothing and leaves the redirect to the layout's loader.
 */
async function permissionsOf(queryClient: QueryClient): Promise<ReadonlySet<string> | undefined> {
  try {
    return new Set((await queryClient.ensureQueryData(meQuery)).permissions);
  } catch {
    return undefined;
  }
}

function screenRoute(queryClient: QueryClient, screen: AdminScreen): RouteObject {
  return {
    path: screen.path,
    handle: { titleKey: screen.titleKey },
    // The menu hides it; an address typed by hand lands on "not allowed" instead of an API refusal.
    loader: async () => {
      const permissions = await permissionsOf(queryClient);
      return !permissions || permissions.has(screen.permission) ? null : redirect('/forbidden');
    },
    lazy: { Component: screen.component },
  };
}

export function createAdminRouter(queryClient: QueryClient): AdminRouter {
  const requireOperator = async ({ request }: LoaderFunctionArgs) => {
    try {
      const me = await queryClient.ensureQueryData(meQuery);
      const path = new URL(request.url).pathname.replace(/^\/admin/, '');
      // A reset or first password must be changed before anything else.
      if (me.mustChangePassword && path !== '/account') return redirect('/account');
      return null;
    } catch {
      return loginRedirect(request);
    }
  };

  const routes: RouteObject[] = [
    {
      ErrorBoundary: RouteError,
      HydrateFallback: RouteFallback,
      children: [
        {
          path: '/login',
          lazy: { Component: async () => (await import('@admin/features/auth/login-screen')).LoginScreen },
        },
        {
          path: '/',
          loader: requireOperator,
          lazy: { Component: async () => (await import('./layouts/admin-layout')).AdminLayout },
          children: [
            {
              index: true,
              loader: async () => {
                const permissions = await permissionsOf(queryClient);
                return permissions ? redirect(homePathFor(permissions)) : null;
              },
            },
            ...SCREENS.map((screen) => screenRoute(queryClient, screen)),
            {
              path: 'account',
              handle: { titleKey: 'screens.account' },
              lazy: { Component: async () => (await import('@admin/features/account/account-screen')).AccountScreen },
            },
            {
              path: 'forbidden',
              handle: { titleKey: 'screens.forbidden' },
              lazy: { Component: async () => (await import('./forbidden-screen')).ForbiddenScreen },
            },
            {
              path: '*',
              handle: { titleKey: 'screens.notFound' },
              lazy: { Component: async () => (await import('./not-found-screen')).NotFoundScreen },
            },
          ],
        },
      ],
    },
  ];

  const router = createBrowserRouter(routes, { basename: '/admin' });
  adminSession.onEnded((reason) => {
    queryClient.clear();
    const { pathname, search } = window.location;
    const path = pathname.replace(/^\/admin(?=\/|$)/, '') || '/';
    if (path === '/login') return;
    // A deliberate logout starts afresh; an expiry comes back to where the operator was.
    const params: Record<string, string> = reason === 'signed-out' ? { reason } : { next: path + search, reason };
    void router.navigate(`/login?${new URLSearchParams(params).toString()}`, { replace: true });
  });
  return router;
}
