import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@jetton/contract/routes';
import { ZWithdrawLookup } from '@jetton/contract/lookup';
import { ZMoneyLookup, ZMoneyLookupQuery } from '@jetton/contract/money-rules';
import { moneyLookup, type MoneyRulesSource } from './money-rules.ts';

/**
 * GET /api/lookup/money and /api/lookup/withdraw: public, answered from the
 * amount rules of the currency asked (`?currency=LAK`; THB when absent), so a
 * kip wallet reads kip figures (docs/money.md, "Rules per currency").
 */
export function registerMoneyLookupRoutes(app: FastifyInstance, money: MoneyRulesSource): void {
  app.get(
    ROUTES.lookup.money,
    { schema: { tags: ['lookup'], querystring: ZMoneyLookupQuery, response: { 200: ZMoneyLookup } } },
    async (request) => moneyLookup(await money.get(), ZMoneyLookupQuery.parse(request.query).currency),
  );
  app.get(
    ROUTES.lookup.withdraw,
    { schema: { tags: ['lookup'], querystring: ZMoneyLookupQuery, response: { 200: ZWithdrawLookup } } },
    async (request) => {
      const rules = (await money.get())[ZMoneyLookupQuery.parse(request.query).currency];
      return { withdrawMin: rules.withdrawMin, withdrawMax: rules.withdrawMax };
    },
  );
}
