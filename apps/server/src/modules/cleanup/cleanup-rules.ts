import { z } from 'zod';
import { DAY_MS, HOUR_MS } from '@jetton/contract/site-time';
import { createCachedRules, type RulesDeps, type RulesSource } from '../lookup/cached-rules.ts';

/**
 * The numbers behind the cleanup job (docs/http.md, "Background jobs").
 * Defaults, which `rules.cleanup` overrides (createCachedRules). The
 * Idempotency-Key replay window is not here: it is Idempotency's own
 * (IDEMPOTENCY_DEFAULTS.ttlMs).
 */
export const ZCleanupRules = z.object({
  /** Pause between passes. */
  intervalMs: z.number().int().positive().default(HOUR_MS),
  /** Rows per DELETE: a large backlog goes in many short statements, never one long lock. */
  batchSize: z.number().int().positive().max(50_000).default(5_000),
  /** A revoked or expired session is kept this long, so an operator can still see a recent logout. */
  sessionGraceMs: z.number().int().nonnegative().default(DAY_MS),
});
export type CleanupRules = z.infer<typeof ZCleanupRules>;

export const CLEANUP_RULES_KEY = 'rules.cleanup';

export type CleanupRulesSource = RulesSource<CleanupRules>;

export function createCleanupRules(deps: RulesDeps): CleanupRulesSource {
  return createCachedRules({ key: CLEANUP_RULES_KEY, schema: ZCleanupRules }, deps);
}
