import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import sharedEn from '@jetton/ui/i18n/en.json';
import adminEn from '@admin/i18n/en.json';

/** The English words the app reads (the shared ones with the admin's over them), ready at once. */
function englishI18n() {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({ lng: 'en', initAsync: false, resources: {}, interpolation: { escapeValue: false } });
  i18n.addResourceBundle('en', 'translation', sharedEn, true, true);
  i18n.addResourceBundle('en', 'translation', adminEn, true, true);
  return i18n;
}

/**
 * A screen or component drawn to HTML as the operator would first see it: English, a router at
 * `path`, and a query cache holding what `seed` put in (no request leaves the test).
 */
export function renderToHtml(node: ReactNode, { path = '/', seed }: { path?: string; seed?: (client: QueryClient) => void } = {}): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seed?.(client);
  return renderToStaticMarkup(
    <I18nextProvider i18n={englishI18n()}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
