import { z } from 'zod';
import { text } from './text.ts';

/** Web Push (docs/member-web.md, "Push notices"): a browser's subscription and the notices it wants. */
export const ZPushKey = z.object({ publicKey: text() });
export const ZPushNotices = z.object({ deposit: z.boolean(), withdrawal: z.boolean(), chat: z.boolean(), bonus: z.boolean() });
export type TPushNotices = z.infer<typeof ZPushNotices>;

const ZEndpoint = z.url({ protocol: /^https?$/ }).max(2048);
const ZLang = z.enum(['th', 'la', 'en']);

/** What PushManager.subscribe() gives the page (its toJSON()), and the language the notices are written in. */
export const ZPushSubscribe = z.object({
  endpoint: ZEndpoint,
  keys: z.object({ p256dh: text().min(80).max(128), auth: text().min(16).max(64) }),
  lang: ZLang,
});
export const ZPushUpdate = z.object({ endpoint: ZEndpoint, notices: ZPushNotices.partial().optional(), lang: ZLang.optional() });
export const ZPushEndpoint = z.object({ endpoint: ZEndpoint });
export const ZPushState = z.object({
  subscriptions: z.array(z.object({ endpoint: ZEndpoint, lang: ZLang, notices: ZPushNotices })),
});
export type TPushState = z.infer<typeof ZPushState>;
