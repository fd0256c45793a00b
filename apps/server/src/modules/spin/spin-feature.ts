import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { createIdempotency } from '../../http/idempotency.ts';
import { createMoneyRules } from '../lookup/money-rules.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';
import type { AuditWriter } from '../admin/audit-log.ts';
import { noBonusPort, type SpinBonusPort } from './bonus-port.ts';
import { secureSeeds, type SeedSource } from './fair-draw.ts';
import { registerSpinAdminRoutes } from './spin-admin-routes.ts';
import { registerSpinRoutes } from './spin-routes.ts';
import { createSpinService, type SpinService } from './spin-service.ts';
import { createWheelService, type WheelService } from './wheel-service.ts';

type Deps = {
  db: Kysely<DB>;
  clock: Clock;
  /** Where the prize amounts of each currency are read (rules.money). */
  settings: SettingsRepository;
  audit: AuditWriter;
  /** The bonus module's side of bonus coupons and BONUS_REMAINING (none until it is wired in). */
  bonuses?: SpinBonusPort;
  /** Where server and client seeds come from; tests pass a seeded source. */
  seeds?: SeedSource;
  /** Mount the sandbox operator's wheel routes. */
  sandbox: boolean;
};

/** Wires the prize spin wheel (docs/spin.md). Needs registerAccountFeature first (app.requireMember). */
export function registerSpinFeature(app: FastifyInstance, deps: Deps): { spinWheels: WheelService; spins: SpinService } {
  const bonuses = deps.bonuses ?? noBonusPort;
  const wheels = createWheelService({ db: deps.db, clock: deps.clock, bonuses });
  const money = createMoneyRules({ settings: deps.settings, clock: deps.clock, log: app.log });
  const spins = createSpinService({ db: deps.db, clock: deps.clock, wheels, seeds: deps.seeds ?? secureSeeds, bonuses, money });
  registerSpinRoutes(app, { spins, wheels, idempotency: createIdempotency({ db: deps.db, clock: deps.clock }), sandbox: deps.sandbox });
  registerSpinAdminRoutes(app, { db: deps.db, clock: deps.clock, audit: deps.audit, wheels });
  return { spinWheels: wheels, spins };
}
