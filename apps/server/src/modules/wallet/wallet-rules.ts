import { z } from 'zod';
import { createCachedRules, type RulesDeps, type RulesSource } from '../lookup/cached-rules.ts';

const SECOND = 1_000;

/**
 * The numbers behind game accounts and transfers (docs/games.md). Defaults,
 * which `rules.wallet` overrides (createCachedRules).
 */
export const ZWalletRules = z.object({
  /** Deadline of one provider call (deposit, withdraw, create, launch...). */
  providerTimeoutMs: z
    .number()
    .int()
    .positive()
    .default(8 * SECOND),
  /** Deadline of one balance read in refresh/slot: a slow provider keeps its cached amount. */
  balanceTimeoutMs: z
    .number()
    .int()
    .positive()
    .default(5 * SECOND),
  /**
   * How old a PENDING transfer must be before reconciliation asks the provider.
   * Never less than twice providerTimeoutMs (see reconcileAfter): a "not found"
   * must not be read while the request itself may still be on its way.
   */
  reconcileAfterMs: z
    .number()
    .int()
    .positive()
    .default(15 * SECOND),
  /** How often the job looks for PENDING transfers; with reconcileAfterMs, all settle within a minute. */
  reconcileIntervalMs: z
    .number()
    .int()
    .positive()
    .default(5 * SECOND),
  /** After an unanswered status question, ask again this much later. */
  reconcileRetryMs: z
    .number()
    .int()
    .positive()
    .default(10 * SECOND),
  /** A claimed transfer is left to its claimer this long (a node that dies mid-way loses it after). */
  reconcileLeaseMs: z
    .number()
    .int()
    .positive()
    .default(60 * SECOND),
  reconcileBatch: z.number().int().positive().max(1_000).default(50),
  /** A form launcher's one-time page link lives this long. */
  launchTicketTtlMs: z
    .number()
    .int()
    .positive()
    .default(60 * SECOND),
});
export type WalletRules = z.infer<typeof ZWalletRules>;

export const WALLET_RULES_KEY = 'rules.wallet';

/** The delay before a PENDING transfer may be reconciled, kept safely above the provider timeout. */
export function reconcileAfter(rules: WalletRules): number {
  return Math.max(rules.reconcileAfterMs, 2 * rules.providerTimeoutMs);
}

export type WalletRulesSource = RulesSource<WalletRules>;

export function createWalletRules(deps: RulesDeps): WalletRulesSource {
  return createCachedRules({ key: WALLET_RULES_KEY, schema: ZWalletRules }, deps);
}
