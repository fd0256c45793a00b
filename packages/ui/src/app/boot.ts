import type { QueryClient } from '@tanstack/react-query';
import { initI18n, type AppMessages } from '@jetton/ui/i18n/setup';
import { createQueryClient } from './query-client';

/** What an app does once its language is loaded: build its router and render into `container`. */
export type StartApp = (container: HTMLElement, queryClient: QueryClient) => Promise<void> | void;

/**
 * The start of both apps: find `#root`, load the saved language (the shared words and the app's
 * own) before the first render, then hand over to the app with its query client.
 */
export async function bootApp(messages: AppMessages, start: StartApp): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  try {
    await initI18n(messages);
  } catch {
    // The language file could not be downloaded (offline, or an old tab after a deploy).
    container.textContent = 'Please reload the page. / กรุณาโหลดหน้าใหม่ / ກະລຸນາໂຫຼດໜ້າຄືນໃໝ່';
    return;
  }
  await start(container, createQueryClient());
}
