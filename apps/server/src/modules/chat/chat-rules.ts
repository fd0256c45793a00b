import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';

const ZWindow = z.object({ max: z.number().int().positive(), windowMs: z.number().int().positive() });

/**
 * The chat's limits (docs/chat.md, "Limits"). Defaults; an operator overrides any of them
 * in the settings table under `rules.chat` (a partial object). Every one but the per-connection
 * count is kept for the whole cluster in Redis, and per node while Redis is unreachable.
 */
export const ZChatRules = z.object({
  /** Messages per client IP, over HTTP and sockets together. */
  messagesPerIp: ZWindow.default({ max: 30, windowMs: 60_000 }),
  /** Messages per sender (a member or a guest), over HTTP and sockets together, whatever their address. */
  messagesPerSender: ZWindow.default({ max: 30, windowMs: 60_000 }),
  /** Messages per socket connection. */
  messagesPerConnection: ZWindow.default({ max: 20, windowMs: 60_000 }),
  /** Typing news per sender (a customer, or an agent); both apps send at most one every 2 s. Over it, dropped. */
  typingPerSender: ZWindow.default({ max: 60, windowMs: 60_000 }),
  /** Uploads per client IP. */
  uploadsPerIp: ZWindow.default({ max: 10, windowMs: 60_000 }),
  /** Socket connections a single IP may open per window (a flood of guests from one address). */
  connectionsPerIp: ZWindow.default({ max: 60, windowMs: 60_000 }),
  /** Backfill on join answers at most this many missed messages; the client pages the rest over history. */
  backfillMax: z.number().int().positive().max(500).default(100),
});
export type ChatRules = z.infer<typeof ZChatRules>;

export const CHAT_RULES_KEY = 'rules.chat';
const CACHE_TTL_MS = 5_000;
export const DEFAULT_CHAT_RULES: ChatRules = ZChatRules.parse({});

export function createChatRules(deps: { settings: SettingsRepository; clock: Clock; onInvalid: (issues: unknown) => void }) {
  let cached: { rules: ChatRules; expiresAt: number } | undefined;
  return {
    async get(): Promise<ChatRules> {
      const now = deps.clock.now().getTime();
      if (cached && cached.expiresAt > now) return cached.rules;
      const parsed = ZChatRules.safeParse((await deps.settings.get(CHAT_RULES_KEY)) ?? {});
      if (!parsed.success) deps.onInvalid(parsed.error.issues);
      cached = { rules: parsed.success ? parsed.data : DEFAULT_CHAT_RULES, expiresAt: now + CACHE_TTL_MS };
      return cached.rules;
    },
    reset(): void {
      cached = undefined;
    },
  };
}
export type ChatRulesSource = ReturnType<typeof createChatRules>;
