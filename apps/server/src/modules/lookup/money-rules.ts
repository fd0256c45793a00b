import type { FastifyBaseLogger } from 'fastify';
import type { Currency } from '@jetton/contract/constants';
import { toMinor } from '@jetton/contract/money';
import { MONEY_RULES_KEY, ZMoneyRules, type MoneyRules, type TMoneyLookup } from '@jetton/contract/money-rules';
import type { Clock } from '../../clock.ts';
import { createCachedRules, type RulesSource } from './cached-rules.ts';
import type { SettingsRepository } from './settings-repository.ts';

export type MoneyRulesSource = RulesSource<MoneyRules>;
export type CurrencyRules = MoneyRules[Currency];

/**
 * The amount rules of each currency (docs/money.md, "Rules per currency"), under
 * the `rules.money` setting: every amount a member's money is checked against is
 * read here for the member's currency, never a figure shared by baht and kip.
 */
export function createMoneyRules(deps: { settings: SettingsRepository; clock: Clock; log: FastifyBaseLogger }): MoneyRulesSource {
  return createCachedRules(
    { key: MONEY_RULES_KEY, schema: ZMoneyRules },
    {
      settings: deps.settings,
      clock: deps.clock,
      onInvalid: (issues) => deps.log.error({ issues }, 'rules.money setting malformed: using defaults'),
    },
  );
}

/** One currency's rules, read through the cache. */
export async function rulesFor(source: MoneyRulesSource, currency: Currency): Promise<CurrencyRules> {
  return (await source.get())[currency];
}

/** Minor units of a deposit that earn one spin coin in this currency. */
export function coinMinor(rules: CurrencyRules): number {
  return Number(toMinor(rules.coinPer));
}

/** The figures the member site shows and checks for a currency (GET /api/lookup/money). */
export function moneyLookup(rules: MoneyRules, currency: Currency): TMoneyLookup {
  const r = rules[currency];
  return {
    currency,
    withdrawMin: r.withdrawMin,
    withdrawMax: r.withdrawMax,
    transferMin: r.transferMin,
    giftLinkMin: r.giftLinkMin,
    coinPer: r.coinPer,
  };
}
