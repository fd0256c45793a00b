import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { PublicLayout } from '@/app/layouts/public-layout';
import { LoginScreen } from '@/features/auth/login-screen';
import { initI18n } from '@jetton/ui/i18n/setup';
import { webMessages } from '@/i18n/messages';
import { prerenderSandbox } from '@/lib/sandbox-mode';

/**
 * The login page as its first paint, rendered at build time in the build's
 * own language, with and without the demo strip (build/prerender-plugin.ts
 * writes them into login.html and login-sandbox.html). The
 * browser shows it as soon as the HTML and styles arrive; the app then takes
 * over with the same screen (src/main.tsx). Why: docs/performance.md,
 * "The prerendered login".
 */
export async function renderLoginPage(sandbox: boolean): Promise<{ html: string; title: string }> {
  await initI18n(webMessages);
  // With the simulators on the page starts with the demo strip, as the app will draw it.
  prerenderSandbox(sandbox);
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <StaticRouter location="/login">
        <Routes>
          <Route element={<PublicLayout />}>
            <Route path="/login" element={<LoginScreen />} />
          </Route>
        </Routes>
      </StaticRouter>
    </QueryClientProvider>,
  );
  return { html, title: `${i18n.t('login.title')} · Jetton` };
}
