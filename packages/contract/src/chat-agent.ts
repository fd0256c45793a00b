import { z } from 'zod';
import { text } from './text.ts';
import { ZChatEntry, ZChatMessage } from './chat.ts';
import type { ChatAck } from './chat-events.ts';

/**
 * The support agents' side of the chat: HTTP schemas (the back office mounts
 * them, e.g. under /api/admin/chat, paths in CHAT_AGENT_ROUTES relative to that
 * prefix) and the realtime events of the agents' namespace.
 */
export const CHAT_AGENT_NAMESPACE = '/chat-agent';

export const CHAT_AGENT_ROUTES = {
  conversations: '/conversations',
  conversation: '/conversations/:conversationId',
  reply: '/conversations/:conversationId/reply',
  read: '/conversations/:conversationId/read',
  assign: '/conversations/:conversationId/assign',
  close: '/conversations/:conversationId/close',
  reopen: '/conversations/:conversationId/reopen',
  uploadImage: '/conversations/:conversationId/upload-image',
  uploadVideo: '/conversations/:conversationId/upload-video',
  canned: '/canned-replies',
} as const;

export const CHAT_STATUSES = ['open', 'pending', 'resolved'] as const;
export type TChatStatus = (typeof CHAT_STATUSES)[number];

export const ZChatConversationParams = z.object({ conversationId: z.uuid() });

export const ZChatConversationSummary = z.object({
  conversationId: text(),
  customer: z.object({
    kind: z.enum(['member', 'guest']),
    /** The member id or the guest id. */
    id: text(),
    name: text().nullable(),
    username: text().nullable(),
  }),
  status: z.enum(CHAT_STATUSES),
  assignedAgentId: text().nullable(),
  lastMessage: ZChatEntry.nullable(),
  /** Customer messages no agent has read yet. */
  unread: z.number().int(),
  /** Since when the customer waits for an answer (their oldest unanswered message); null when not waiting. */
  waitingSince: z.iso.datetime().nullable(),
  /** Time from the customer's first message to the first agent reply, ms; null before any reply. */
  firstReplyMs: z.number().int().nullable(),
  lastMessageAt: z.iso.datetime().nullable(),
});
export type TChatConversationSummary = z.infer<typeof ZChatConversationSummary>;

/** The list, longest-waiting first, then the most recent. */
export const ZChatConversationListRequest = z.object({
  status: z.enum(CHAT_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const ZChatConversationListResponse = z.object({ conversations: z.array(ZChatConversationSummary) });

/** A member's summary beside the history: balance and last deposits (amounts in units, as elsewhere on the wire). */
const ZChatMemberSummary = z.object({
  memberId: text(),
  name: text(),
  username: text(),
  currency: text(),
  status: text(),
  createdAt: z.iso.datetime(),
  balance: z.number(),
  lastDeposits: z.array(z.object({ kind: text(), amount: z.number(), createdAt: z.iso.datetime() })),
});

/**
 * A page of a conversation: the newest `limit` (before `beforeSeq` for older ones), or, with
 * `afterSeq`, the oldest `limit` after it: the console's backfill after a reconnect, where
 * `hasMore` says there are more after the page (docs/chat.md, "Reconnect and backfill").
 */
export const ZChatAgentHistoryRequest = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(30),
  beforeSeq: z.coerce.number().int().positive().optional(),
  afterSeq: z.coerce.number().int().min(0).optional(),
});
export const ZChatAgentConversationResponse = z.object({
  conversation: ZChatConversationSummary,
  messages: z.array(ZChatEntry),
  hasMore: z.boolean(),
  /** The customer has read the agents' messages up to this seq. */
  customerReadSeq: z.number().int(),
  member: ZChatMemberSummary.nullable(),
});
export type TChatAgentConversationResponse = z.infer<typeof ZChatAgentConversationResponse>;

export const ZChatAgentReply = z.object({
  message: ZChatMessage,
  clientId: text()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export type TChatAgentReply = z.infer<typeof ZChatAgentReply>;
export const ZChatAgentReplyResponse = z.object({ entry: ZChatEntry });

export const ZChatAgentRead = z.object({ seq: z.number().int().min(0) });
export const ZChatAssign = z.object({ agentId: text().min(1).max(64).nullable() });

const ZCannedReply = z.object({
  id: text().regex(/^[a-z0-9-]{1,40}$/),
  title: text().trim().min(1).max(80),
  text: z.object({ th: text().trim().min(1).max(2000), la: text().trim().min(1).max(2000), en: text().trim().min(1).max(2000) }),
});
export const ZCannedReplies = z.object({ replies: z.array(ZCannedReply).max(200) });
export type TCannedReplies = z.infer<typeof ZCannedReplies>;

/** Realtime for agents: every conversation's news, to every connected agent. */
export const ZChatAgentTyping = z.object({ conversationId: z.uuid(), typing: z.boolean() });
export const ZChatAgentSocketReply = ZChatAgentReply.extend({ conversationId: z.uuid() });
export const ZChatAgentSocketRead = ZChatAgentRead.extend({ conversationId: z.uuid() });

export type ChatAgentServerToClient = {
  /** A message in a conversation (the customer's or another agent's). */
  messaging: (event: { conversationId: string; entry: z.infer<typeof ZChatEntry> }) => void;
  /** The conversation's list row changed (new message, read, status, assignment). */
  conversation: (summary: TChatConversationSummary) => void;
  /** The customer has read up to seq. */
  read: (event: { conversationId: string; seq: number }) => void;
  typing: (event: { conversationId: string; typing: boolean }) => void;
  resync: () => void;
};

export type ChatAgentClientToServer = {
  reply: (reply: z.input<typeof ZChatAgentSocketReply>, ack: ChatAck<z.infer<typeof ZChatEntry>>) => void;
  read: (read: z.input<typeof ZChatAgentSocketRead>, ack: ChatAck<{ seq: number }>) => void;
  typing: (state: z.input<typeof ZChatAgentTyping>) => void;
};
