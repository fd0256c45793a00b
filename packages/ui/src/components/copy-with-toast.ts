import type { TFunction } from 'i18next';
import { copyText } from '@jetton/ui/lib/clipboard';
import { showToast } from './toast-store';

/** The copy action: copies, then toasts 'Copied: {text}' or 'Failed to copy' (docs/screens.md, "Home"). */
export async function copyWithToast(t: TFunction, text: string): Promise<boolean> {
  const copied = await copyText(text);
  if (copied) showToast(t('common.copied', { text }), 'success');
  else showToast(t('common.copyFailed'), 'danger');
  return copied;
}
