import type { TFunction } from 'i18next';
import type { TChatConversationSummary } from '@jetton/contract/chat-agent';

/** The customer as the console names them: a member by name (username), a guest by a short id. */
export function customerLabel(t: TFunction, customer: TChatConversationSummary['customer']): string {
  if (customer.kind === 'member') return customer.name ?? customer.username ?? customer.id;
  return t('chatConsole.guestName', { id: customer.id.slice(2, 8) });
}
