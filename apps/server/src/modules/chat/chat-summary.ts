import type { TChatConversationSummary } from '@jetton/contract/chat-agent';
import type { ChatRepository, ConversationRow, MessageRow } from './chat-repository.ts';
import { toSummary } from './chat-view.ts';

/** A conversation's row in the agents' list, read fresh (names, unread count, last message). */
export async function summarize(repo: ChatRepository, c: ConversationRow, last?: MessageRow): Promise<TChatConversationSummary> {
  const [names, unread, lasts] = await Promise.all([
    repo.ownerNames(c),
    repo.unreadByAgents(c),
    last ? Promise.resolve([last]) : repo.lastMessages([c.id]),
  ]);
  return toSummary(c, { ...names, unread, last: lasts[0] ?? null });
}
