import type {
  TChatAgentConversationResponse,
  TChatAgentReply,
  TChatConversationSummary,
  TChatStatus,
  TCannedReplies,
} from '@jetton/contract/chat-agent';
import type { TChatEntry, TChatUploadResponse } from '@jetton/contract/chat';
import { fromMinor } from '@jetton/contract/money';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../http/app-error.ts';
import type { ChatAgent } from './chat-agent-auth.ts';
import { CHAT_ROOM_PREFIX } from './chat-identity.ts';
import type { ChatMedia, UploadKind } from './chat-media.ts';
import type { ChatRelay } from './chat-relay.ts';
import type { ChatRepository, ConversationRow, MessageRow } from './chat-repository.ts';
import { assertOwnMedia } from './chat-service.ts';
import { summarize } from './chat-summary.ts';
import { toEntry, toSummary } from './chat-view.ts';
import type { CannedReplies } from './canned-replies.ts';
import type { ChatMediaType } from './media-sniff.ts';

const LAST_DEPOSITS = 5;

const roomOfConversation = (c: ConversationRow): string => `${CHAT_ROOM_PREFIX}${c.member_id ?? c.guest_id ?? ''}`;

/**
 * The support agents' side: the queue, a conversation with the member's
 * summary, replies of every type, read marks, typing, assignment, close and
 * reopen, canned replies. Who the agent is comes from the AgentAuthenticator
 * the back office provides (chat-agent-auth.ts); this service trusts its caller.
 */
export function createChatAgentService(deps: {
  repo: ChatRepository;
  media: ChatMedia;
  canned: CannedReplies;
  relay: () => ChatRelay;
  clock: Clock;
}) {
  const { repo, media, canned, clock } = deps;

  async function conversation(id: string): Promise<ConversationRow> {
    const c = await repo.findById(id);
    if (!c) throw new AppError('NO_DATA');
    return c;
  }

  async function announce(c: ConversationRow, last?: MessageRow): Promise<TChatConversationSummary> {
    const summary = await summarize(repo, c, last);
    deps.relay().toAgents('conversation', summary);
    return summary;
  }

  async function setFields(
    id: string,
    fields: { status?: TChatStatus; assigned_agent_id?: string | null },
  ): Promise<TChatConversationSummary> {
    const updated = await repo.update(id, fields, clock.now());
    if (!updated) throw new AppError('NO_DATA');
    return announce(updated);
  }

  return {
    async list(filter: { status?: TChatStatus | undefined; limit: number; offset: number }): Promise<TChatConversationSummary[]> {
      const rows = await repo.list(filter);
      return rows.map((r) => toSummary(r, { name: r.member_name, username: r.member_phone, unread: r.unread, last: r.last }));
    },

    async open(
      id: string,
      page: { limit: number; beforeSeq?: number | undefined; afterSeq?: number | undefined },
    ): Promise<TChatAgentConversationResponse> {
      const c = await conversation(id);
      const rows = await repo.page(
        c.id,
        page.afterSeq !== undefined ? { limit: page.limit, afterSeq: page.afterSeq } : { limit: page.limit, beforeSeq: page.beforeSeq },
      );
      const summary = c.member_id ? await repo.memberSummary(c.member_id, LAST_DEPOSITS) : undefined;
      return {
        conversation: await summarize(repo, c),
        messages: rows.map((row) => toEntry(row, c)),
        // Older ones before the page, or (a backfill) newer ones after it.
        hasMore: page.afterSeq !== undefined ? (rows.at(-1)?.seq ?? page.afterSeq) < c.last_seq : (rows[0]?.seq ?? 1) > 1,
        customerReadSeq: c.customer_read_seq,
        member: summary
          ? {
              memberId: summary.member.id,
              name: summary.member.name,
              username: summary.member.phone,
              currency: summary.member.currency,
              status: summary.member.status,
              createdAt: summary.member.created_at.toISOString(),
              balance: fromMinor(summary.balance),
              lastDeposits: summary.deposits.map((d) => ({
                kind: d.kind,
                amount: fromMinor(d.amount),
                createdAt: d.created_at.toISOString(),
              })),
            }
          : null,
      };
    },

    async reply(agent: ChatAgent, id: string, reply: TChatAgentReply): Promise<TChatEntry> {
      const c = await conversation(id);
      await assertOwnMedia(repo, c.id, reply.message);
      const {
        row,
        conversation: updated,
        duplicate,
      } = await repo.append(
        c.id,
        {
          sender: 'other',
          agent_id: agent.agentId,
          message: reply.message,
          username: null,
          name: agent.name,
          device_token: null,
          session_id: null,
          client_id: reply.clientId ?? null,
        },
        clock.now(),
      );
      const entry = toEntry(row, updated);
      if (!duplicate) {
        const relay = deps.relay();
        relay.toRoom(roomOfConversation(updated), 'messaging', entry);
        relay.toAgents('messaging', { conversationId: updated.id, entry });
        await announce(updated, row);
      }
      return entry;
    },

    /** The agents have read up to seq: the customer sees the read mark. */
    async read(id: string, seq: number): Promise<{ seq: number }> {
      const updated = await repo.markAgentRead(id, seq, clock.now());
      if (!updated) throw new AppError('NO_DATA');
      deps.relay().toRoom(roomOfConversation(updated), 'read', { seq: updated.agent_read_seq });
      await announce(updated);
      return { seq: updated.agent_read_seq };
    },

    async typing(id: string, typing: boolean): Promise<void> {
      deps.relay().toRoom(roomOfConversation(await conversation(id)), 'typing', { typing });
    },

    assign: (id: string, agentId: string | null) => setFields(id, { assigned_agent_id: agentId }),
    close: (id: string) => setFields(id, { status: 'resolved' }),
    reopen: (id: string) => setFields(id, { status: 'open' }),

    async storeMedia(id: string, kind: UploadKind, upload: { bytes: Buffer; type: ChatMediaType }): Promise<TChatUploadResponse> {
      return media.store((await conversation(id)).id, kind, upload);
    },

    cannedReplies: (): Promise<TCannedReplies> => canned.get(),
    setCannedReplies: (replies: TCannedReplies): Promise<TCannedReplies> => canned.set(replies),
  };
}
export type ChatAgentService = ReturnType<typeof createChatAgentService>;
