import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { createIdempotency } from '../../http/idempotency.ts';
import type { AuditWriter } from '../admin/audit-log.ts';
import type { DepositPorts } from '../deposit/deposit-feature.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';
import { reconcileAfter, type WalletRulesSource } from '../wallet/wallet-rules.ts';
import { noBlacklist, type PayoutBlacklist } from '../withdraw/payout-blacklist.ts';
import { createMoneyDesk, type MoneyDesk } from './money-desk.ts';
import { registerMoneyDeskRoutes } from './money-desk-routes.ts';
import type { AutoDepositFigures } from '../auto-deposit/auto-deposit-figures.ts';

/**
 * Wires the money desk (docs/money-desk.md): its admin routes on the admin
 * guard. Needs the admin feature (app.adminGuard), the wallet's transfer
 * reconciler and rules, and the deposit feature's ports.
 */
export function registerMoneyDeskFeature(
  app: FastifyInstance,
  deps: {
    db: Kysely<DB>;
    clock: Clock;
    audit: AuditWriter;
    settings: SettingsRepository;
    lookups: LookupService;
    deposits: DepositPorts;
    blacklist?: PayoutBlacklist;
    /** One reconciliation pass of game transfers now (the wallet's reconciler). */
    reconcileNow: () => Promise<unknown>;
    walletRules: WalletRulesSource;
    /** Automatic deposits' figures for the dashboard. */
    autoDepositFigures?: () => Promise<AutoDepositFigures>;
  },
): MoneyDesk {
  // Each currency's four-eyes amounts (`rules.money`), the same source the deposit feature reads.
  const rules = deps.deposits.money;
  const { walletRules } = deps;
  const desk = createMoneyDesk({
    db: deps.db,
    clock: deps.clock,
    audit: deps.audit,
    rules,
    lookups: deps.lookups,
    deposits: deps.deposits,
    reconcileNow: deps.reconcileNow,
    reconcileAfterMs: async () => reconcileAfter(await walletRules.get()),
    blacklist: deps.blacklist ?? noBlacklist,
    ...(deps.autoDepositFigures ? { autoDepositFigures: deps.autoDepositFigures } : {}),
  });
  registerMoneyDeskRoutes(app, { desk, idempotency: createIdempotency({ db: deps.db, clock: deps.clock }) });
  return desk;
}
