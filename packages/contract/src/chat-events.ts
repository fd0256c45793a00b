import { z } from 'zod';
import { text } from './text.ts';
import { ZChatEntry, ZChatSendBody } from './chat.ts';

/**
 * The realtime events of the member and guest chat (socket.io, default
 * namespace), typed once here for both ends; each end parses what arrives.
 */

/** Handshake `auth`: a member's bearer token or a guest's signed token. */
export const ZChatHandshake = z.union([z.object({ token: text().min(1).max(600) }), z.object({ guestToken: text().min(1).max(300) })]);

/** 'join': the caller's own room `<PREFIX><userId|guestId>`, and the last seq it holds (0 for none). */
export const ZChatJoin = z.object({ room: text().min(1).max(120), afterSeq: z.number().int().min(0).default(0) });
type TChatJoin = z.input<typeof ZChatJoin>;

/** Answers to a client's request: ok with data, or an error code of the catalogue. */
export type ChatAck<T> = (answer: { ok: true; data: T } | { ok: false; message: string }) => void;

export const ZChatJoinAnswer = z.object({
  /** What the caller missed after its afterSeq (at most a page; hasMore asks for the rest over history). */
  missed: z.array(ZChatEntry),
  hasMore: z.boolean(),
  agentReadSeq: z.number().int(),
});
export type TChatJoinAnswer = z.infer<typeof ZChatJoinAnswer>;

export const ZChatRead = z.object({ seq: z.number().int().min(0) });
export const ZChatTyping = z.object({ typing: z.boolean() });

/** 'messaging': a customer's message over the socket (its sender proven at the handshake). */
export const ZChatSocketSend = ZChatSendBody;

export type ChatServerToClient = {
  /** A new message in the room (either side's). */
  messaging: (entry: z.infer<typeof ZChatEntry>) => void;
  /** The agents have read up to seq. */
  read: (mark: z.infer<typeof ZChatRead>) => void;
  typing: (state: z.infer<typeof ZChatTyping>) => void;
  /** The node lost messages it may not have relayed (its Redis link came back): backfill from your last seq. */
  resync: () => void;
};

export type ChatClientToServer = {
  join: (join: TChatJoin, ack: ChatAck<TChatJoinAnswer>) => void;
  messaging: (message: z.input<typeof ZChatSocketSend>, ack: ChatAck<{ createdAt: string; id: string; seq: number }>) => void;
  typing: (state: z.infer<typeof ZChatTyping>) => void;
};
