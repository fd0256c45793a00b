import { z } from 'zod';
import { DAY_MS, MINUTE_MS } from '@jetton/contract/site-time';
import { createCachedRules, type RulesDeps, type RulesSource } from '../lookup/cached-rules.ts';

/**
 * The numbers behind automatic deposits (docs/auto-deposit.md). Defaults, which
 * `rules.autoDeposit` overrides (createCachedRules).
 */
export const ZAutoDepositRules = z.object({
  /** A line below this, or above the maximum, is not credited by itself: an operator looks (minor units). */
  minMinor: z.number().int().nonnegative().default(100),
  maxMinor: z.number().int().positive().default(20_000_000),
  /** A member whose bank account changed this recently is not credited automatically (a taken-over account). */
  bankChangeHoldMs: z.number().int().nonnegative().default(DAY_MS),
  /** Lines of the other source this close in time, same amount and sender, are the same transfer. */
  pairWindowMs: z
    .number()
    .int()
    .positive()
    .default(3 * MINUTE_MS),
  /** Pause between statement polls. */
  pollIntervalMs: z.number().int().positive().default(5_000),
  /** How long a node holds the poller's lease without renewing it. */
  pollLeaseMs: z.number().int().positive().default(30_000),
  /** A forwarder request whose timestamp is further than this from our clock is stale. */
  smsMaxSkewMs: z
    .number()
    .int()
    .positive()
    .default(5 * MINUTE_MS),
  /** Requests a forwarder device may make per minute. */
  smsPerMinute: z.number().int().positive().default(120),
});
export type AutoDepositRules = z.infer<typeof ZAutoDepositRules>;
export const AUTO_DEPOSIT_RULES_KEY = 'rules.autoDeposit';
export type AutoDepositRulesSource = RulesSource<AutoDepositRules>;

export function createAutoDepositRules(deps: RulesDeps): AutoDepositRulesSource {
  return createCachedRules({ key: AUTO_DEPOSIT_RULES_KEY, schema: ZAutoDepositRules }, deps);
}
