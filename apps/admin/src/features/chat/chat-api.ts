import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import type { ApiError } from '@/lib/api-error';
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
