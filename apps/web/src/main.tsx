import { StrictMode } from 'react';
import '@/styles/fonts.css';
import '@/styles/tokens.css';
import '@/styles/base.css';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { startApp } from '@/app/start-app';
import { initI18n } from '@/i18n/setup';

async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  try {
    await initI18n();
  } catch {
    // The language file could not be downloaded (offline, or an old tab after a deploy).
    container.textContent = 'Please reload the page. / กรุณาโหลดหน้าใหม่ / ກະລຸນາໂຫຼດໜ້າຄືນໃໝ່';
    return;
  }
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  await startApp(
    container,
    router,
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}

void boot();
