import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';

const HOUR = 60 * 60 * 1000;

/**
 * The numbers behind the cleanup job (modules/cleanup/cleanup-job.ts). Defaults; an
 * operator overrides any of them in the settings table under `rules.cleanup`
 * (a partial object), seen by every node within CACHE_TTL_MS. The idempotency
 * replay window is not here: it is a domain rule (IDEMPOTENCY_DEFAULTS.ttlMs).
 */
export const ZCleanupRules = z.object({
  /** Pause between passes. */
  intervalMs: z.number().int().positive().default(HOUR),
  /** Rows per DELETE: a large backlog goes in many short statements, never one long lock. */
  batchSize: z.number().int().positive().max(50_000).default(5_000),
  /** A revoked or expired session is kept this long, so an operator can still see a recent logout. */
  sessionGraceMs: z.number().int().nonnegative().default(24 * HOUR),
});
export type CleanupRules = z.infer<typeof ZCleanupRules>;

export const CLEANUP_RULES_KEY = 'rules.cleanup';
const CACHE_TTL_MS = 5_000;
export const DEFAULT_CLEANUP_RULES: CleanupRules = ZCleanupRules.parse({});

/** Reads the rules with a short per-node cache; a malformed override falls back to the defaults, logged. */
export function createCleanupRules(deps: { settings: SettingsRepository; clock: Clock; onInvalid: (issues: unknown) => void }) {
  let cached: { rules: CleanupRules; expiresAt: number } | undefined;
  return {
    async get(): Promise<CleanupRules> {
      const now = deps.clock.now().getTime();
      if (cached && cached.expiresAt > now) return cached.rules;
      const parsed = ZCleanupRules.safeParse((await deps.settings.get(CLEANUP_RULES_KEY)) ?? {});
      if (!parsed.success) deps.onInvalid(parsed.error.issues);
      cached = { rules: parsed.success ? parsed.data : DEFAULT_CLEANUP_RULES, expiresAt: now + CACHE_TTL_MS };
      return cached.rules;
    },
  };
}
export type CleanupRulesSource = ReturnType<typeof createCleanupRules>;
