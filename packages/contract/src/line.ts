import { z } from 'zod';
import { text } from './text.ts';

/** The languages a LINE notice is written in. */
export const LINE_LANGS = ['th', 'la', 'en'] as const;
export const ZLineLang = z.enum(LINE_LANGS);

export const ZLineLinkCodeRequest = z.object({ lang: ZLineLang });
export const ZLineLinkCodeResponse = z.object({
  /** What the member sends the bot, as is. */
  code: text(),
  /** The bot's LINE id to add as a friend (e.g. @jetton). */
  botBasicId: text(),
  expiresIn: z.number().int().positive(),
});
export type TLineLinkCodeResponse = z.infer<typeof ZLineLinkCodeResponse>;

export const ZLineNotices = z.object({ deposit: z.boolean(), withdrawal: z.boolean(), chat: z.boolean() });
export const ZLineLinkState = z.object({
  /** False when the site has no LINE channel configured: the section is not shown. */
  available: z.boolean(),
  linked: z.boolean(),
  lang: ZLineLang.nullable(),
  notices: ZLineNotices,
});
export type TLineLinkState = z.infer<typeof ZLineLinkState>;

export const ZLineLinkUpdate = z.object({ lang: ZLineLang.optional(), notices: ZLineNotices.partial().optional() });
