import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { HomeRoute } from '@/app/home-route';
import { MemberLayout } from '@/app/layouts/member-layout';
import { initI18n } from '@jetton/ui/i18n/setup';
import { webMessages } from '@/i18n/messages';
import { prerenderSandbox } from '@/lib/sandbox-mode';

/**
 * The home's first paint, rendered at build time in the build's language: the
 * member area's top bar and menu around the home as it is while the wallet
 * loads (build/prerender-plugin.ts writes it into home.html and
 * home-sandbox.html). The page's early read (build/early-fetch-plugin.ts)
 * writes the member's total into it when the wallet answers, before the app
 * has loaded; the app then draws the screen afresh. Why: docs/performance.md,
 * "The home's critical path".
 */
export async function renderHomePage(sandbox: boolean): Promise<{ html: string; title: string }> {
  await initI18n(webMessages);
  prerenderSandbox(sandbox);
  // No query runs while rendering to a string: the wallet stays pending, as in the browser's first render.
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <StaticRouter location="/user/home">
        <Routes>
          <Route element={<MemberLayout />}>
            <Route path="/user/home" element={<HomeRoute />} />
          </Route>
        </Routes>
      </StaticRouter>
    </QueryClientProvider>,
  );
  return { html, title: `${i18n.t('home.title')} · Jetton` };
}
