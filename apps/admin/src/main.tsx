import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/styles/fonts.css';
import '@/styles/tokens.css';
import '@/styles/base.css';
import '@admin/styles/admin.css';
import { createQueryClient } from '@/app/query-client';
import { App } from '@admin/app/app';
import { createAdminRouter } from '@admin/app/router';
import { initI18n } from '@admin/i18n/setup';

async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  try {
    await initI18n();
  } catch {
    container.textContent = 'Please reload the page. / กรุณาโหลดหน้าใหม่ / ກະລຸນາໂຫຼດໜ້າຄືນໃໝ່';
    return;
  }
  const queryClient = createQueryClient();
  const router = createAdminRouter(queryClient);
  createRoot(container).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}

void boot();
