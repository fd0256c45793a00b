import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@jetton/ui/styles/fonts.css';
import '@jetton/ui/styles/tokens.css';
import '@jetton/ui/styles/base.css';
import '@admin/styles/admin.css';
import { bootApp } from '@jetton/ui/app/boot';
import { App } from '@admin/app/app';
import { createAdminRouter } from '@admin/app/router';
import { adminMessages } from '@admin/i18n/messages';

void bootApp(adminMessages, (container, queryClient) => {
  const router = createAdminRouter(queryClient);
  createRoot(container).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
});
