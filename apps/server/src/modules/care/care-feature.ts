import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { AuditWriter } from '../admin/audit-log.ts';
import { registerBreakGate } from './break-gate.ts';
import { createBreakService } from './break-service.ts';
import { registerCareAdminRoutes } from './care-admin-routes.ts';
import { createCareRepository } from './care-repository.ts';
import { registerCareRoutes } from './care-routes.ts';
import { createHoldService } from './hold-service.ts';
import { createLimitsService } from './limits-service.ts';
import { createRealityCheckService } from './reality-check-service.ts';

/**
 * Player care (docs/player-care.md): limits, breaks, held deposits, for the member and the back office.
 * Before the money features: its gate must see every member route they add, and they take its limits.
 */
export function registerCareFeature(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; clock: Clock; audit: AuditWriter; checkPassword: (memberId: string, password: string) => Promise<void> },
) {
  const repo = createCareRepository(deps.db);
  const limits = createLimitsService({ db: deps.db, clock: deps.clock });
  const breaks = createBreakService(deps);
  const holds = createHoldService(deps);
  const reality = createRealityCheckService(deps);
  registerBreakGate(app, deps.clock);
  registerCareRoutes(app, { limits, breaks, repo, reality });
  registerCareAdminRoutes(app, { repo, limits, breaks, holds, clock: deps.clock });
  return { limits, careRepository: repo, notePlay: (memberId: string) => reality.notePlay(memberId) };
}
