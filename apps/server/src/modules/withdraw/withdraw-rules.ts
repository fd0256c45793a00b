import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';

/**
 * The numbers behind withdrawals (domain rules section 5) that are not in the
 * withdraw lookup. Defaults; an operator overrides any of them in the settings
 * table under `rules.withdraw` (a partial object), seen by every node within CACHE_TTL_MS.
 */
export const ZWithdrawRules = z.object({
  /** Withdrawals up to this (minor units) are approved without an operator: 5,000.00. */
  autoApproveMaxMinor: z.number().int().nonnegative().default(500_000),
  /** Deadline of one payout API call. */
  payoutTimeoutMs: z.number().int().positive().default(8_000),
  /** A payout whose answer was lost is asked about again after this (kept >= 2x the timeout). */
  payoutRetryMs: z.number().int().positive().default(20_000),
  /** How long a claimed withdrawal belongs to one pass before another may take it. */
  payoutLeaseMs: z.number().int().positive().default(60_000),
  payoutBatch: z.number().int().positive().default(50),
  /** Pause between payout passes. */
  payoutIntervalMs: z.number().int().positive().default(3_000),
});
export type WithdrawRules = z.infer<typeof ZWithdrawRules>;

export const WITHDRAW_RULES_KEY = 'rules.withdraw';
const CACHE_TTL_MS = 5_000;
export const DEFAULT_WITHDRAW_RULES: WithdrawRules = ZWithdrawRules.parse({});

/** Reads the rules with a short per-node cache; a malformed override falls back to the defaults, logged. */
export function createWithdrawRules(deps: { settings: SettingsRepository; clock: Clock; onInvalid: (issues: unknown) => void }) {
  let cached: { rules: WithdrawRules; expiresAt: number } | undefined;
  return {
    async get(): Promise<WithdrawRules> {
      const now = deps.clock.now().getTime();
      if (cached && cached.expiresAt > now) return cached.rules;
      const parsed = ZWithdrawRules.safeParse((await deps.settings.get(WITHDRAW_RULES_KEY)) ?? {});
      if (!parsed.success) deps.onInvalid(parsed.error.issues);
      const rules = parsed.success ? parsed.data : DEFAULT_WITHDRAW_RULES;
      // "Not found" at the payout API must never be a request still in flight.
      cached = { rules: { ...rules, payoutRetryMs: Math.max(rules.payoutRetryMs, 2 * rules.payoutTimeoutMs) }, expiresAt: now + CACHE_TTL_MS };
      return cached.rules;
    },
  };
}
export type WithdrawRulesSource = ReturnType<typeof createWithdrawRules>;
