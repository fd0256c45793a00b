import { z } from 'zod';
import { createCachedRules, type RulesDeps, type RulesSource } from '../lookup/cached-rules.ts';

const HOUR = 60 * 60 * 1000;

/**
 * The numbers behind the cleanup job (docs/http.md, "Background jobs").
 * Defaults, which `rules.cleanup` overrides (createCachedRules). The
 * Idempotency-Key replay window is not here: it is Idempotency's own
 * (IDEMPOTENCY_DEFAULTS.ttlMs).
 */
export const ZCleanupRules = z.object({
  /** Pause between passes. */
  intervalMs: z.number().int().positive().default(HOUR),
  /** Rows per DELETE: a large backlog goes in many short statements, never one long lock. */
  batchSize: z.number().int().positive().max(50_000).default(5_000),
  /** A revoked or expired session is kept this long, so an operator can still see a recent logout. */
  sessionGraceMs: z
    .number()
    .int()
    .nonnegative()
    .default(24 * HOUR),
});
export type CleanupRules = z.infer<typeof ZCleanupRules>;

export const CLEANUP_RULES_KEY = 'rules.cleanup';

export type CleanupRulesSource = RulesSource<CleanupRules>;

export function createCleanupRules(deps: RulesDeps): CleanupRulesSource {
  return createCachedRules({ key: CLEANUP_RULES_KEY, schema: ZCleanupRules }, deps);
}
