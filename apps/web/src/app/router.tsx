import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { setSessionHandlers } from '@jetton/ui/lib/session-handlers';
import { storage } from '@jetton/ui/lib/storage';
import { RouteError } from '@jetton/ui/app/route-error';
import { RouteFallback } from '@jetton/ui/app/route-fallback';
import { publicLayoutLoader, requireTokenLoader } from './route-guards';

/**
 * Every screen is its own chunk (`lazy`), so /login downloads only the public
 * layout and the login form on top of the shell.
 */
const routes: RouteObject[] = [
  {
    ErrorBoundary: RouteError,
    HydrateFallback: RouteFallback,
    children: [
      { path: '/', loader: () => redirect('/user') },
      {
        loader: publicLayoutLoader,
        lazy: { Component: async () => (await import('./layouts/public-layout')).PublicLayout },
        children: [
          {
            path: '/login',
            lazy: {
              loader: async () => (await import('@/features/auth/service-active-loader')).serviceActiveLoader,
              Component: async () => (await import('@/features/auth/login-screen')).LoginScreen,
            },
          },
          {
            path: '/forgot-password',
            lazy: {
              Component: async () => (await import('@/features/password-reset/forgot-password-screen')).ForgotPasswordScreen,
            },
          },
          {
            path: '/register',
            lazy: {
              loader: async () => (await import('@/features/register/invite-code-loader')).inviteCodeLoader,
              Component: async () => (await import('@/features/register/register-screen')).RegisterScreen,
            },
          },
          { path: '/howto', lazy: { Component: async () => (await import('@/features/howto/howto-screen')).HowtoScreen } },
          {
            path: '/contact',
            lazy: { Component: async () => (await import('./contact-route')).ContactRoute },
          },
        ],
      },
      {
        path: '/user',
        loader: requireTokenLoader,
        lazy: { Component: async () => (await import('./layouts/member-layout')).MemberLayout },
        children: [
          { index: true, loader: () => redirect('/user/home') },
          { path: 'home', lazy: { Component: async () => (await import('./home-route')).HomeRoute } },
          {
            path: 'profile',
            lazy: { Component: async () => (await import('@/features/profile/profile-screen')).ProfileScreen },
          },
          { path: 'bonus', lazy: { Component: async () => (await import('@/features/bonus/bonus-screen')).BonusScreen } },
          {
            path: 'statement',
            lazy: { Component: async () => (await import('@/features/statement/statement-screen')).StatementScreen },
          },
          { path: 'spin', lazy: { Component: async () => (await import('@/features/spin/spin-screen')).SpinScreen } },
          { path: 'limits', lazy: { Component: async () => (await import('@/features/care/care-screen')).CareScreen } },
          {
            path: 'contact',
            lazy: { Component: async () => (await import('./contact-route')).ContactRoute },
          },
        ],
      },
      {
        path: '/terminated',
        lazy: { Component: async () => (await import('@/features/terminated/terminated-screen')).TerminatedScreen },
      },
      {
        path: '*',
        lazy: { Component: async () => (await import('@/features/not-found/not-found-screen')).NotFoundScreen },
      },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Builds the router and wires the API client's two global session rules to it. */
export function createAppRouter(queryClient: QueryClient): AppRouter {
  const router = createBrowserRouter(routes);
  const goTo = (path: string): void => {
    if (router.state.location.pathname !== path) void router.navigate(path, { replace: true });
  };
  setSessionHandlers({
    'invalid-token': () => {
      storage.clearSession();
      queryClient.clear();
      goTo('/login');
    },
    gone: () => goTo('/terminated'),
  });
  return router;
}
