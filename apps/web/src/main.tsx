import { StrictMode } from 'react';
import '@jetton/ui/styles/fonts.css';
import '@jetton/ui/styles/tokens.css';
import '@jetton/ui/styles/base.css';
import { bootApp } from '@jetton/ui/app/boot';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { startApp } from '@/app/start-app';
import { webMessages } from '@/i18n/messages';
import { registerServiceWorker } from '@/lib/service-worker';

void bootApp(webMessages, async (container, queryClient) => {
  const router = createAppRouter(queryClient);
  await startApp(
    container,
    router,
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
  registerServiceWorker();
});
