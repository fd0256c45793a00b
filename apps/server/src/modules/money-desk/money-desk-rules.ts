import { z } from 'zod';
import { createCachedRules, type RulesDeps, type RulesSource } from '../lookup/cached-rules.ts';

/**
 * The money desk's four-eyes amounts (docs/money-desk.md, "Four eyes"), in minor
 * units; `rules.moneyDesk` overrides them (docs/http.md, "Operator settings").
 * Above an amount, the operator who proposes may never be the one who confirms.
 */
export const ZMoneyDeskRules = z.object({
  /** Approving a withdrawal above this needs a maker and a different checker: 20,000.00. */
  withdrawalFourEyesMinor: z.number().int().nonnegative().default(2_000_000),
  /** A manual adjustment above this needs a second operator: 1,000.00. */
  adjustmentFourEyesMinor: z.number().int().nonnegative().default(100_000),
});
export type MoneyDeskRules = z.infer<typeof ZMoneyDeskRules>;
export type MoneyDeskRulesSource = RulesSource<MoneyDeskRules>;

export const MONEY_DESK_RULES_KEY = 'rules.moneyDesk';

export function createMoneyDeskRules(deps: RulesDeps): MoneyDeskRulesSource {
  return createCachedRules({ key: MONEY_DESK_RULES_KEY, schema: ZMoneyDeskRules }, deps);
}
