import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ZCannedReplies,
  ZChatAgentConversationResponse,
  ZChatAgentRead,
  ZChatAgentReplyResponse,
  ZChatConversationListResponse,
  ZChatConversationSummary,
  type TChatAgentConversationResponse,
  type TChatStatus,
} from '@jetton/contract/chat-agent';
import type { TChatEntry, TChatMessage } from '@jetton/contract/chat';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { apiPath } from '@jetton/contract/routes';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { adminRequest } from '@admin/lib/admin-api';
import { withQuery } from '@admin/lib/query-string';

/** The console's calls (docs/chat.md, "Agents' console"): ADMIN_ROUTES.chat.* behind chat.reply. */
export const chatKeys = {
  all: ['admin', 'chat'] as const,
  list: (status: string) => ['admin', 'chat', 'list', status] as const,
  conversation: (id: string) => ['admin', 'chat', 'conversation', id] as const,
};

export function useConversations(status: TChatStatus | '') {
  return useQuery({
    queryKey: chatKeys.list(status),
    queryFn: ({ signal }) =>
      adminRequest(withQuery(ADMIN_ROUTES.chat.conversations.path, { status, limit: 100 }), {
        schema: ZChatConversationListResponse,
        signal,
      }),
    staleTime: 0,
  });
}

export function useConversation(conversationId: string | undefined) {
  return useQuery({
    queryKey: chatKeys.conversation(conversationId ?? ''),
    queryFn: ({ signal }) =>
      adminRequest(withQuery(apiPath(ADMIN_ROUTES.chat.conversation.path, { conversationId: conversationId ?? '' }), { limit: 50 }), {
        schema: ZChatAgentConversationResponse,
        signal,
      }),
    enabled: conversationId !== undefined,
    staleTime: 0,
  });
}

export function useCannedReplies() {
  return useQuery({
    queryKey: [...chatKeys.all, 'canned'],
    queryFn: ({ signal }) => adminRequest(ADMIN_ROUTES.chat.canned.path, { schema: ZCannedReplies, signal }),
    staleTime: 60_000,
  });
}

/** Puts a message into the open conversation's cached history once (by seq), oldest first. */
export function withEntry(data: TChatAgentConversationResponse | undefined, entry: TChatEntry): TChatAgentConversationResponse | undefined {
  if (!data || data.messages.some((m) => m.seq === entry.seq)) return data;
  return { ...data, messages: [...data.messages, entry].sort((a, b) => a.seq - b.seq) };
}

/** The highest seq of the held history with none missing above its first: where a backfill starts. */
function heldThrough(messages: readonly TChatEntry[]): number {
  let seq = messages[0]?.seq ?? 0;
  for (const m of messages.slice(1)) {
    if (m.seq !== seq + 1) break;
    seq = m.seq;
  }
  return seq;
}

/**
 * After the socket connects again (docs/chat.md, "Reconnect and backfill"): the open conversation
 * reads what came after the last seq it holds, a page at a time, merged by seq, so what arrived while
 * away is shown once and nothing held is dropped. A conversation not loaded yet has nothing to do.
 */
export async function backfillConversation(queryClient: QueryClient, conversationId: string): Promise<void> {
  const key = chatKeys.conversation(conversationId);
  for (let round = 0; round < 20; round++) {
    const held = queryClient.getQueryData<TChatAgentConversationResponse>(key);
    if (!held) return;
    const page = await adminRequest(
      withQuery(apiPath(ADMIN_ROUTES.chat.conversation.path, { conversationId }), { afterSeq: heldThrough(held.messages), limit: 100 }),
      { schema: ZChatAgentConversationResponse },
    );
    queryClient.setQueryData<TChatAgentConversationResponse>(key, (data) => {
      if (!data) return data;
      const merged = page.messages.reduce<TChatAgentConversationResponse | undefined>((acc, entry) => withEntry(acc, entry), data);
      return (
        merged && { ...merged, conversation: page.conversation, customerReadSeq: Math.max(data.customerReadSeq, page.customerReadSeq) }
      );
    });
    if (!page.hasMore) return;
  }
}

export function useReply(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation<TChatEntry, ApiError, TChatMessage>({
    mutationFn: async (message) => {
      const clientId = crypto.randomUUID().replaceAll('-', '');
      const answer = await adminRequest(apiPath(ADMIN_ROUTES.chat.reply.path, { conversationId }), {
        method: 'POST',
        body: { message, clientId },
        schema: ZChatAgentReplyResponse,
      });
      return answer.entry;
    },
    onSuccess: (entry) => {
      queryClient.setQueryData<TChatAgentConversationResponse>(chatKeys.conversation(conversationId), (data) => withEntry(data, entry));
      void queryClient.invalidateQueries({ queryKey: [...chatKeys.all, 'list'] });
    },
  });
}

export function markRead(conversationId: string, seq: number) {
  return adminRequest(apiPath(ADMIN_ROUTES.chat.read.path, { conversationId }), { method: 'POST', body: { seq }, schema: ZChatAgentRead });
}

export function useStatusChange(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, 'close' | 'reopen'>({
    mutationFn: (action) =>
      adminRequest(apiPath(ADMIN_ROUTES.chat[action].path, { conversationId }), { method: 'POST', schema: ZChatConversationSummary }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.all }),
  });
}
