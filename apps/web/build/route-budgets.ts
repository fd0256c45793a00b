/**
 * How much JavaScript each route may ship, compressed as it travels (brotli),
 * and which source modules make up the route: the shell (index.html's entry)
 * is always counted, and so are the build's default language file and the
 * modules React Router loads for the route (its layout, loader and screen, as
 * in src/app/router.tsx). `npm run budget` follows the Vite manifest's static
 * imports from these and fails when a route is over. Why these numbers:
 * docs/performance.md.
 */
export type RouteBudget = {
  route: string;
  /** Source modules (paths from apps/web) the router loads for this route. */
  modules: string[];
  /** Brotli bytes of JavaScript, in KiB (1,024 bytes). */
  maxBrotliKiB: number;
};

/** The language a first visit gets on the default (Thai) build. */
export const DEFAULT_LOCALE_MODULE = 'src/i18n/th.json';

const PUBLIC_LAYOUT = 'src/app/layouts/public-layout.tsx';
const MEMBER_LAYOUT = 'src/app/layouts/member-layout.tsx';

export const ROUTE_BUDGETS: RouteBudget[] = [
  {
    route: '/login',
    modules: [PUBLIC_LAYOUT, 'src/features/auth/service-active-loader.ts', 'src/features/auth/login-screen.tsx'],
    maxBrotliKiB: 135,
  },
  {
    route: '/register',
    modules: [PUBLIC_LAYOUT, 'src/features/register/invite-code-loader.ts', 'src/features/register/register-screen.tsx'],
    maxBrotliKiB: 175,
  },
  // The support chat must arrive lazily (after the screen's first paint), or this budget fails.
  { route: '/contact', modules: [PUBLIC_LAYOUT, 'src/app/contact-route.tsx'], maxBrotliKiB: 155 },
  { route: '/user/home', modules: [MEMBER_LAYOUT, 'src/app/home-route.tsx'], maxBrotliKiB: 185 },
  // The member screens share the home's grouped files (build/route-group-plugin.ts): about 16 KiB more
  // on a cold visit, which in use is never cold (a member passes the home first), for fewer requests on the home.
  { route: '/user/bonus', modules: [MEMBER_LAYOUT, 'src/features/bonus/bonus-screen.tsx'], maxBrotliKiB: 180 },
  { route: '/user/statement', modules: [MEMBER_LAYOUT, 'src/features/statement/statement-screen.tsx'], maxBrotliKiB: 183 },
  // The prize wheel draws on a canvas by hand: no chart or animation library.
  { route: '/user/spin', modules: [MEMBER_LAYOUT, 'src/features/spin/spin-screen.tsx'], maxBrotliKiB: 183 },
];
