import type { Currency } from '@jetton/contract/constants';
import { toMinor } from '@jetton/contract/money';
import type { MoneyRules } from '@jetton/contract/money-rules';
import type { MoneyRulesSource } from '../lookup/money-rules.ts';

/**
 * The four-eyes amounts (docs/money-desk.md, "Four eyes") are each currency's,
 * in the `rules.money` setting the back office's settings screen edits
 * (docs/money.md, "Rules per currency"). Above an amount, the operator who
 * proposes may never be the one who confirms.
 */
export type MoneyDeskRulesSource = MoneyRulesSource;

export type FourEyesLimits = { withdrawalMinor: bigint; adjustmentMinor: bigint };

/** One currency's four-eyes amounts, in minor units. */
export function fourEyesLimits(rules: MoneyRules, currency: Currency): FourEyesLimits {
  const r = rules[currency];
  return { withdrawalMinor: toMinor(r.fourEyesWithdrawalAbove), adjustmentMinor: toMinor(r.fourEyesAdjustmentAbove) };
}
