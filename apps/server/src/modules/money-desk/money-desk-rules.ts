import { FOUR_EYES_RULES_KEY, ZFourEyesRules, type FourEyesRules } from '@jetton/contract/admin/settings';
import { createCachedRules, type RulesDeps, type RulesSource } from '../lookup/cached-rules.ts';

/**
 * The four-eyes amounts (docs/money-desk.md, "Four eyes"), in minor units,
 * under the `rules.fourEyes` setting the back office's settings screen edits
 * (docs/http.md, "Operator settings"); the schema is the contract's. Above an
 * amount, the operator who proposes may never be the one who confirms.
 */
export type MoneyDeskRules = FourEyesRules;
export type MoneyDeskRulesSource = RulesSource<MoneyDeskRules>;
export const MONEY_DESK_RULES_KEY = FOUR_EYES_RULES_KEY;

export function createMoneyDeskRules(deps: RulesDeps): MoneyDeskRulesSource {
  return createCachedRules({ key: FOUR_EYES_RULES_KEY, schema: ZFourEyesRules }, deps);
}
