import type { FastifyInstance } from 'fastify';
import { ZAdminDrawReport, ZAdminWheelActiveRequest, ZAdminWheelQuery, ZAdminWheelResponse } from '@jetton/contract/admin/spin';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { ZSpinWheelConfig } from '@jetton/contract/spin';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../http/app-error.ts';
import { adminRoute, operatorOf } from '../admin/admin-guard.ts';
import type { AuditWriter } from '../admin/audit-log.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { configOf, type WheelService, type WheelVersion } from './wheel-service.ts';

const S = ADMIN_ROUTES.spin;

const view = (wheel: WheelVersion) => ({ version: wheel.version, createdAt: wheel.createdAt.toISOString(), ...configOf(wheel) });

/**
 * The back office's wheel routes, all behind `spin.manage` (docs/spin.md, "Configuration"):
 * read a version, save a new one, switch it on or off, and the draw report. Every change is
 * audited with the version before and after.
 */
export function registerSpinAdminRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; clock: Clock; audit: AuditWriter; wheels: WheelService },
): void {
  const { db, clock, audit, wheels } = deps;

  adminRoute(app, S.wheel, { schema: { querystring: ZAdminWheelQuery, response: { 200: ZAdminWheelResponse } } }, async (request) => {
    const v = request.query.version;
    const wheel = v === undefined ? await wheels.current() : await wheels.version(v);
    if (!wheel && v !== undefined) throw new AppError('NO_DATA');
    return { wheel: wheel ? view(wheel) : null };
  });

  adminRoute(app, S.saveWheel, { schema: { body: ZSpinWheelConfig, response: { 201: ZAdminWheelResponse } } }, async (request, reply) => {
    const before = await wheels.current();
    const saved = await wheels.save(request.body);
    await audit(db, {
      operatorId: operatorOf(request).operatorId,
      action: 'spin.wheel.save',
      before: before ? { version: before.version, active: before.active, slices: before.slices } : null,
      after: { version: saved.version, active: saved.active, slices: saved.slices },
      ip: request.ip,
      at: clock.now(),
    });
    return reply.status(201).send({ wheel: view(saved) });
  });

  adminRoute(app, S.setActive, { schema: { body: ZAdminWheelActiveRequest, response: { 200: ZAdminWheelResponse } } }, async (request) => {
    const before = await wheels.current();
    const saved = await wheels.setActive(request.body.active);
    if (saved.version !== before?.version) {
      await audit(db, {
        operatorId: operatorOf(request).operatorId,
        action: request.body.active ? 'spin.wheel.activate' : 'spin.wheel.deactivate',
        before: before ? { version: before.version, active: before.active } : null,
        after: { version: saved.version, active: saved.active },
        ip: request.ip,
        at: clock.now(),
      });
    }
    return { wheel: view(saved) };
  });

  adminRoute(app, S.report, { schema: { querystring: ZAdminWheelQuery, response: { 200: ZAdminDrawReport } } }, async (request) => {
    const v = request.query.version ?? (await wheels.current())?.version;
    if (v === undefined) throw new AppError('NO_DATA');
    return wheels.report(v);
  });
}
