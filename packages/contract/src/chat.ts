import { z } from 'zod';
import { text } from './text.ts';
import { CHAT } from './constants.ts';
import { isBlankText } from './visible-text.ts';

/** Where uploaded chat media is served; a media message may only point here (see docs/chat.md). */
export const CHAT_MEDIA_PATH = '/api/chat/media';
/** The header a guest proves its identity with on HTTP calls (the signed guest token). */
export const CHAT_GUEST_HEADER = 'x-chat-guest';

const ZMediaKey = text().regex(/^[0-9a-f]{32}$/);
/** A path this server made for an upload: `/api/chat/media/<32 hex>`, nothing else (no outside links). */
const ZChatMediaUrl = text()
  .max(200)
  .refine((url) => url.startsWith(`${CHAT_MEDIA_PATH}/`) && ZMediaKey.safeParse(url.slice(CHAT_MEDIA_PATH.length + 1)).success);

export function mediaKeyOf(url: string): string {
  return url.slice(CHAT_MEDIA_PATH.length + 1);
}

/** Web buttons open http(s) only: no `javascript:` or `data:` links in a chat. */
const ZWebLink = text()
  .max(2000)
  .regex(/^https?:\/\/[^\s]+$/i);

/** A button's title: something a person can read (not only white space or invisible characters). */
const ZButtonTitle = text()
  .trim()
  .min(1)
  .max(80)
  .refine((title) => !isBlankText(title), 'KEY_INVALID');

const ZChatButton = z.discriminatedUnion('type', [
  z.object({ type: z.literal('web'), title: ZButtonTitle, payload: ZWebLink }),
  z.object({ type: z.literal('call'), title: ZButtonTitle, payload: text().regex(/^\+?[0-9 -]{3,20}$/) }),
  z.object({ type: z.literal('postback'), title: ZButtonTitle, payload: text().trim().min(1).max(200) }),
  z.object({ type: z.literal('other'), title: ZButtonTitle, payload: text().max(200) }),
]);
export type TChatButton = z.infer<typeof ZChatButton>;

const CHAT_FILE_TYPES = ['image', 'video', 'file'] as const;
const ZChatMedia = z.object({
  message: text().max(CHAT.textMax).optional(),
  url: ZChatMediaUrl,
  fileType: z.enum(CHAT_FILE_TYPES),
  filePath: ZChatMediaUrl,
});
export type TChatMedia = z.infer<typeof ZChatMedia>;

const CHAT_MESSAGE_TYPES = ['text', 'buttons', 'media', 'quick_replies', 'generic', 'postback'] as const;
/** What a member or guest may send; buttons, quick replies and cards are the agents' (chat-agent.ts). */
const CUSTOMER_MESSAGE_TYPES = ['text', 'media', 'postback'] as const;

const isButton = (item: TChatButton | TChatMedia): item is TChatButton => 'type' in item;
const isMedia = (item: TChatButton | TChatMedia): item is TChatMedia => 'fileType' in item;

/**
 * One message of any type (docs/chat.md). Text is 1..2000 characters: absent or
 * empty is KEY_MISSING, nothing visible in it (white space, zero-width or filler
 * characters only: visible-text.ts) CHAT_MESSAGE_BLANK. Each type carries what
 * it needs: media at least one upload of ours, buttons and quick replies at
 * least one button and a visible text, a postback the value pressed.
 */
export const ZChatMessage = z
  .object({
    message_type: z.enum(CHAT_MESSAGE_TYPES),
    payload: text().max(CHAT.textMax).optional(),
    payloads: z
      .array(z.union([ZChatButton, ZChatMedia]))
      .max(10)
      .optional(),
    deliver: text().max(40).optional(),
  })
  .superRefine((m, ctx) => {
    const payload = m.payload ?? '';
    const body = isBlankText(payload) ? '' : payload;
    const items = m.payloads ?? [];
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    switch (m.message_type) {
      case 'text':
      case 'postback':
        if (payload === '') fail('KEY_MISSING');
        else if (body === '') fail('CHAT_MESSAGE_BLANK');
        if (items.length > 0) fail('KEY_INVALID');
        break;
      case 'media':
        if (items.length === 0 || !items.every(isMedia)) fail('KEY_INVALID');
        break;
      case 'buttons':
      case 'quick_replies':
        if (body === '' || items.length === 0 || !items.every(isButton)) fail('KEY_INVALID');
        break;
      case 'generic':
        if (body === '' && items.length === 0) fail('KEY_INVALID');
        break;
    }
  });
export type TChatMessage = z.infer<typeof ZChatMessage>;

const ZChatConversation = z.object({
  sender: z.enum(['customer', 'other']),
  message: ZChatMessage,
  userId: text().nullable(),
  guestId: text().nullable(),
  username: text().nullable(),
  name: text().nullable(),
  deviceToken: text().nullable(),
  createdAt: z.iso.datetime(),
  session_id: text().nullable(),
});

/** A stored message as both ends see it: the package plus its id and its place (seq, 1, 2, ...) in the conversation. */
export const ZChatEntry = ZChatConversation.extend({ id: text(), seq: z.number().int().positive() });
export type TChatEntry = z.infer<typeof ZChatEntry>;

const ZGuestId = text().regex(/^g-[0-9a-f]{32}$/);

/** GET /api/chat/config: the room prefix; a member's id, or a signed guest identity for a caller with no bearer token. */
export const ZChatConfigResponse = z.object({
  PREFIX: text(),
  userId: text().nullable(),
  guest: z.object({ guestId: ZGuestId, token: text() }).nullable(),
});
export type TChatConfigResponse = z.infer<typeof ZChatConfigResponse>;

/**
 * Who the caller says they are: a member's `userId` or a guest's `guestId` (the
 * other null or absent). Required, as the widget always sends it; the server
 * checks it against the proven identity (bearer or guest token).
 */
const ZClaim = {
  userId: text().max(64).nullish(),
  guestId: text().max(64).nullish(),
};
const claimNamed = (claim: { userId?: string | null | undefined; guestId?: string | null | undefined }, ctx: z.RefinementCtx): void => {
  if (!claim.userId && !claim.guestId) ctx.addIssue({ code: 'custom', message: 'KEY_MISSING', path: ['userId'] });
};

/**
 * A customer's message as the widget sends it over the socket (the socket is
 * proven at its handshake, so no claim): the conversation package. The fields the
 * server owns (sender, createdAt, name, username) are ignored, but typed like
 * any field: `sender` can only be the customer. `clientId` makes a resend of
 * the same message (after a failed attempt) land once.
 */
export const ZChatSendBody = z.object({
  message: ZChatMessage.refine((m) => (CUSTOMER_MESSAGE_TYPES as readonly string[]).includes(m.message_type), 'KEY_INVALID'),
  deviceToken: text().max(200).nullish(),
  session_id: text().max(100).nullish(),
  clientId: text()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
  sender: z.literal('customer').optional(),
  createdAt: z.iso.datetime().nullish(),
  name: text().max(200).nullish(),
  username: text().max(200).nullish(),
});

/** POST /api/chat/send-message: the package and the claim. */
export const ZChatSendRequest = ZChatSendBody.extend(ZClaim).superRefine(claimNamed);
export type TChatSendRequest = z.infer<typeof ZChatSendRequest>;
export const ZChatSendResponse = z.object({ createdAt: z.iso.datetime(), id: text(), seq: z.number().int() });
export type TChatSendResponse = z.infer<typeof ZChatSendResponse>;

/**
 * POST /api/chat/history: newest first by `skip`, `limit` at a time (page size 10);
 * `beforeSeq` pages steadily while new messages arrive; `afterSeq` backfills
 * what a reconnecting client missed. Entries come oldest first.
 */
export const ZChatHistoryRequest = z
  .object({
    ...ZClaim,
    limit: z.coerce.number().int().min(1).max(100).default(CHAT.historyPageSize),
    skip: z.coerce.number().int().min(0).max(100_000).default(0),
    beforeSeq: z.number().int().positive().optional(),
    afterSeq: z.number().int().min(0).optional(),
  })
  .superRefine(claimNamed);
export type TChatHistoryRequest = z.infer<typeof ZChatHistoryRequest>;
export const ZChatHistoryResponse = z.object({
  conversations: z.array(ZChatEntry),
  /** Messages in the conversation in all. */
  total: z.number().int(),
  /** The agents have read the customer's messages up to this seq (read mark). */
  agentReadSeq: z.number().int(),
  hasMore: z.boolean(),
});
export type TChatHistoryResponse = z.infer<typeof ZChatHistoryResponse>;

/** PUT /api/chat/read-customer/: the customer has read everything shown. */
export const ZChatReadRequest = z.object(ZClaim).superRefine(claimNamed);
export const ZChatReadResponse = z.object({ readSeq: z.number().int() });

/** POST /api/chat/upload-image and /upload-video answer the media path to send in a media message. */
export const ZChatUploadResponse = z.object({ path: ZChatMediaUrl, fileType: z.enum(CHAT_FILE_TYPES) });
export type TChatUploadResponse = z.infer<typeof ZChatUploadResponse>;
