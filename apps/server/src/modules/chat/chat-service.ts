import type { TChatEntry, TChatHistoryRequest, TChatHistoryResponse, TChatMessage, TChatSendRequest } from '@jetton/contract/chat';
import { mediaKeyOf } from '@jetton/contract/chat';
import type { TChatJoinAnswer } from '@jetton/contract/chat-events';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../http/app-error.ts';
import { CHAT_ROOM_PREFIX, roomOf, type ChatIdentity } from './chat-identity.ts';
import type { ChatRelay } from './chat-relay.ts';
import type { ChatRepository, ConversationRow, MessageRow, Owner } from './chat-repository.ts';
import type { ChatRulesSource } from './chat-rules.ts';
import { summarize } from './chat-summary.ts';
import { toEntry } from './chat-view.ts';

export type ChatServiceDeps = { repo: ChatRepository; relay: () => ChatRelay; rules: ChatRulesSource; clock: Clock };

export const ownerOf = (identity: ChatIdentity): Owner =>
  identity.kind === 'member' ? { memberId: identity.memberId } : { guestId: identity.guestId };

/** Every media item of a message must be an upload made for this conversation (no borrowing another room's files). */
export async function assertOwnMedia(repo: ChatRepository, conversationId: string, message: TChatMessage): Promise<void> {
  const keys = (message.payloads ?? []).flatMap((item) => ('fileType' in item ? [mediaKeyOf(item.url), mediaKeyOf(item.filePath)] : []));
  const own = await repo.mediaOf(conversationId, [...new Set(keys)]);
  if (keys.some((key) => !own.has(key))) throw new AppError('KEY_INVALID');
}

/**
 * The member's and guest's side of the chat. Every method takes the proven
 * identity (chat-identity.ts) and reaches only that caller's conversation.
 */
export function createChatService(deps: ChatServiceDeps) {
  const { repo, rules, clock } = deps;

  async function publishCustomerNews(conversation: ConversationRow, news?: { entry: TChatEntry; row: MessageRow }): Promise<void> {
    const relay = deps.relay();
    if (news) relay.toAgents('messaging', { conversationId: conversation.id, entry: news.entry });
    relay.toAgents('conversation', await summarize(repo, conversation, news?.row));
  }

  return {
    /** The caller's conversation, made on first use (an upload may come before the first message). */
    async conversationOf(identity: ChatIdentity): Promise<ConversationRow> {
      return repo.ensure(ownerOf(identity), clock.now());
    },

    config(): { PREFIX: string } {
      return { PREFIX: CHAT_ROOM_PREFIX };
    },

    async send(identity: ChatIdentity, request: Omit<TChatSendRequest, 'userId' | 'guestId'>): Promise<TChatEntry> {
      const now = clock.now();
      const conversation = await repo.ensure(ownerOf(identity), now);
      await assertOwnMedia(repo, conversation.id, request.message);
      const member = identity.kind === 'member' ? identity : undefined;
      const {
        row,
        conversation: updated,
        duplicate,
      } = await repo.append(
        conversation.id,
        {
          sender: 'customer',
          agent_id: null,
          message: request.message,
          username: member?.username ?? null,
          name: member?.name ?? null,
          device_token: request.deviceToken ?? null,
          session_id: request.session_id ?? null,
          client_id: request.clientId ?? null,
        },
        now,
      );
      const entry = toEntry(row, updated);
      if (!duplicate) {
        // The sender's other tabs and devices see it too.
        deps.relay().toRoom(roomOf(identity), 'messaging', entry);
        await publishCustomerNews(updated, { entry, row });
      }
      return entry;
    },

    async history(identity: ChatIdentity, request: TChatHistoryRequest): Promise<TChatHistoryResponse> {
      const conversation = await repo.findByOwner(ownerOf(identity));
      if (!conversation) return { conversations: [], total: 0, agentReadSeq: 0, hasMore: false };
      const limit = request.limit ?? 10;
      const rows = await repo.page(conversation.id, {
        limit,
        skip: request.skip ?? 0,
        beforeSeq: request.beforeSeq,
        afterSeq: request.afterSeq,
      });
      const first = rows[0]?.seq;
      const hasMore =
        request.afterSeq !== undefined ? (rows.at(-1)?.seq ?? request.afterSeq) < conversation.last_seq : first !== undefined && first > 1;
      return {
        conversations: rows.map((row) => toEntry(row, conversation)),
        total: conversation.last_seq,
        agentReadSeq: conversation.agent_read_seq,
        hasMore,
      };
    },

    /** The customer has read everything: agents see the read mark. */
    async readCustomer(identity: ChatIdentity): Promise<{ readSeq: number }> {
      const conversation = await repo.findByOwner(ownerOf(identity));
      if (!conversation) return { readSeq: 0 };
      const updated = await repo.markCustomerRead(conversation.id, clock.now());
      if (!updated) return { readSeq: 0 };
      deps.relay().toAgents('read', { conversationId: updated.id, seq: updated.customer_read_seq });
      await publishCustomerNews(updated);
      return { readSeq: updated.customer_read_seq };
    },

    /** 'join' over the socket: only the caller's own room, answered with what it missed after afterSeq. */
    async join(identity: ChatIdentity, room: string, afterSeq: number): Promise<TChatJoinAnswer> {
      if (room !== roomOf(identity)) throw new AppError('INVALID_USER_1');
      const conversation = await repo.findByOwner(ownerOf(identity));
      if (!conversation) return { missed: [], hasMore: false, agentReadSeq: 0 };
      const { backfillMax } = await rules.get();
      const rows = afterSeq < conversation.last_seq ? await repo.page(conversation.id, { limit: backfillMax, afterSeq }) : [];
      return {
        missed: rows.map((row) => toEntry(row, conversation)),
        hasMore: (rows.at(-1)?.seq ?? afterSeq) < conversation.last_seq,
        agentReadSeq: conversation.agent_read_seq,
      };
    },

    async typing(identity: ChatIdentity, typing: boolean): Promise<void> {
      const conversation = await repo.findByOwner(ownerOf(identity));
      if (conversation) deps.relay().toAgents('typing', { conversationId: conversation.id, typing });
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
