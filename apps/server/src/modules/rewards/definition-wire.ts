import { fromMinor } from '@jetton/contract/money';
import type { BonusDefinition } from './definition-repository.ts';

/**
 * A bonus definition's terms as both wires write them (the member's GET /api/bonus and the back
 * office's definitions): one mapping, so the two cannot drift. Each wire adds its own fields around
 * it; the member wire keeps its historical `name` / `notice` for the localized texts, the back
 * office's says `names` / `notices` (docs/rewards.md).
 */
export function definitionTerms(d: BonusDefinition) {
  return {
    code: d.code,
    type: d.type,
    maxReceived: d.max_received,
    percent: d.percent,
    maxBonus: fromMinor(d.max_bonus),
    minDeposit: fromMinor(d.min_deposit),
    turnover: d.turnover,
    percentFail: d.percent_fail,
    banners: d.banners,
  };
}
