import type { Currency } from '@jetton/contract/constants';
import { MONEY_RULES_KEY, type CurrencyMoneyRules } from '@jetton/contract/money-rules';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import type { TestApp } from './test-app.ts';

/** Stores a `rules.money` override (fields not given keep their defaults) and lets every cache see it. */
export async function setMoneyRules(t: TestApp, rules: Partial<Record<Currency, Partial<CurrencyMoneyRules>>>): Promise<void> {
  await createSettingsRepository(t.database.db).set(MONEY_RULES_KEY, rules);
  t.clock.advance(6_000);
}
