import type { TChatConversationSummary } from '@jetton/contract/chat-agent';
import type { TChatEntry, TChatMessage } from '@jetton/contract/chat';
import type { ConversationRow, MessageRow } from './chat-repository.ts';

/** A stored message as both ends see it; the owner's ids come from the conversation, never from the message. */
export function toEntry(row: MessageRow, conversation: Pick<ConversationRow, 'member_id' | 'guest_id'>): TChatEntry {
  return {
    id: row.id,
    seq: row.seq,
    sender: row.sender,
    message: row.message as TChatMessage,
    userId: conversation.member_id,
    guestId: conversation.guest_id,
    username: row.username,
    name: row.name,
    deviceToken: row.sender === 'customer' ? row.device_token : null,
    createdAt: row.created_at.toISOString(),
    session_id: row.session_id,
  };
}

export function toSummary(
  c: ConversationRow,
  extra: { name: string | null; username: string | null; unread: number; last: MessageRow | null },
): TChatConversationSummary {
  return {
    conversationId: c.id,
    customer: {
      kind: c.member_id ? 'member' : 'guest',
      id: c.member_id ?? c.guest_id ?? '',
      name: extra.name,
      username: extra.username,
    },
    status: c.status,
    assignedAgentId: c.assigned_agent_id,
    lastMessage: extra.last ? toEntry(extra.last, c) : null,
    unread: extra.unread,
    waitingSince: c.waiting_since?.toISOString() ?? null,
    firstReplyMs: c.first_reply_at && c.first_customer_at ? c.first_reply_at.getTime() - c.first_customer_at.getTime() : null,
    lastMessageAt: c.last_message_at?.toISOString() ?? null,
  };
}
