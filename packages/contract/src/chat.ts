import { z } from 'zod';
import { CHAT } from './constants.ts';

export const ZChatButton = z.object({
  type: z.enum(['web', 'call', 'postback', 'other']),
  title: z.string(),
  payload: z.string(),
});

export const ZChatMedia = z.object({
  message: z.string().optional(),
  url: z.string(),
  fileType: z.enum(['image', 'video', 'file']),
  filePath: z.string(),
});

export const ZChatMessage = z.object({
  message_type: z.enum(['text', 'buttons', 'media', 'quick_replies', 'generic', 'postback']),
  payload: z.string().max(CHAT.textMax).optional(),
  payloads: z.array(z.union([ZChatButton, ZChatMedia])).optional(),
  deliver: z.string().optional(),
});

export const ZChatConversation = z.object({
  sender: z.enum(['customer', 'other']),
  message: ZChatMessage,
  userId: z.string().nullable(),
  guestId: z.string().nullable(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  deviceToken: z.string().nullable(),
  createdAt: z.iso.datetime(),
  session_id: z.string().nullable(),
});
