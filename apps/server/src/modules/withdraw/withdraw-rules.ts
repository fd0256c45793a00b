import { z } from 'zod';
import { DAY_MS } from '@jetton/contract/site-time';
import { createCachedRules, type RulesDeps, type RulesSource } from '../lookup/cached-rules.ts';

/**
 * The numbers behind withdrawals (docs/withdrawals.md) that are not amounts: the
 * limits and the auto-approval amount are each currency's (`rules.money`,
 * docs/money.md, "Rules per currency"). Defaults, which `rules.withdraw` overrides (createCachedRules).
 */
export const ZWithdrawRules = z.object({
  /** After a change of bank account in the profile, withdrawals wait for an operator this long: 24 h (docs/security.md). */
  bankChangeReviewMs: z.number().int().nonnegative().default(DAY_MS),
  /** Deadline of one payout API call. */
  payoutTimeoutMs: z.number().int().positive().default(8_000),
  /** A payout whose answer was lost is asked about again after this (kept >= 2x the timeout). */
  payoutRetryMs: z.number().int().positive().default(20_000),
  /**
   * A payout whose outcome stays unknown this long after the first unknown answer
   * stops being asked by itself and becomes a finding for a person (docs/money-desk.md, "Held payouts").
   */
  payoutFindingAfterMs: z
    .number()
    .int()
    .positive()
    .default(30 * 60_000),
  /** How long a claimed withdrawal belongs to one pass before another may take it. */
  payoutLeaseMs: z.number().int().positive().default(60_000),
  payoutBatch: z.number().int().positive().default(50),
  /** Pause between payout passes. */
  payoutIntervalMs: z.number().int().positive().default(3_000),
});
export type WithdrawRules = z.infer<typeof ZWithdrawRules>;

export const WITHDRAW_RULES_KEY = 'rules.withdraw';

export type WithdrawRulesSource = RulesSource<WithdrawRules>;

/** "Not found" at the payout API must never be a request still in flight. */
const retryAboveTimeout = (rules: WithdrawRules): WithdrawRules => ({
  ...rules,
  payoutRetryMs: Math.max(rules.payoutRetryMs, 2 * rules.payoutTimeoutMs),
});

export function createWithdrawRules(deps: RulesDeps): WithdrawRulesSource {
  return createCachedRules({ key: WITHDRAW_RULES_KEY, schema: ZWithdrawRules, derive: retryAboveTimeout }, deps);
}
