import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fromMinor } from '@jetton/contract/money';
import { ZAdminMemberCare, ZEndBreak, ZLimitHits, ZReleaseHold } from '@jetton/contract/admin/care';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { ZBreakState } from '@jetton/contract/care';
import { DAY_MS } from '@jetton/contract/site-time';
import type { Clock } from '../../clock.ts';
import { adminRoute, operatorOf } from '../admin/admin-guard.ts';
import type { BreakService } from './break-service.ts';
import type { CareRepository } from './care-repository.ts';
import { holdView } from './care-routes.ts';
import type { HoldService } from './hold-service.ts';
import type { LimitsService } from './limits-service.ts';

const ZId = z.object({ id: z.uuid() });
const ZOk = z.object({ ok: z.literal(true) });
const ZHitsQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) });

/** The back office's view of a member's player care, the owner's overrides, and who hit limits (docs/player-care.md). */
export function registerCareAdminRoutes(
  app: FastifyInstance,
  deps: { repo: CareRepository; limits: LimitsService; breaks: BreakService; holds: HoldService; clock: Clock },
): void {
  const R = ADMIN_ROUTES.care;
  adminRoute(app, R.member, { schema: { params: ZId, response: { 200: ZAdminMemberCare } } }, async (request) => {
    const id = request.params.id;
    const [limits, changes, breaks, holds, current] = await Promise.all([
      deps.limits.limitsOfMember(id),
      deps.repo.changesOf(id),
      deps.repo.breaksOf(id),
      deps.repo.holdsOf(id),
      deps.breaks.state(id),
    ]);
    return {
      limits,
      changes: changes.map((c) => ({
        kind: c.kind,
        period: c.period,
        action: c.action,
        before: c.amount_before === null ? null : fromMinor(c.amount_before),
        after: c.amount_after === null ? null : fromMinor(c.amount_after),
        at: c.at.toISOString(),
      })),
      current: current.current,
      breaks: breaks.map((b) => ({
        id: b.id,
        kind: b.kind,
        startsAt: b.starts_at.toISOString(),
        endsAt: b.ends_at?.toISOString() ?? null,
        endedEarlyAt: b.ended_early_at?.toISOString() ?? null,
        endReason: b.end_reason,
      })),
      holds: holds.map(holdView),
    };
  });
  adminRoute(app, R.endBreak, { schema: { params: ZId, body: ZEndBreak, response: { 200: ZBreakState } } }, async (request) =>
    deps.breaks.endEarly(operatorOf(request), request.params.id, request.body.reason, request.ip),
  );
  adminRoute(app, R.releaseHold, { schema: { params: ZId, body: ZReleaseHold, response: { 200: ZOk } } }, async (request) => {
    await deps.holds.release(operatorOf(request), request.params.id, request.body.reason, request.ip);
    return { ok: true as const };
  });
  adminRoute(app, R.limitHits, { schema: { querystring: ZHitsQuery, response: { 200: ZLimitHits } } }, async (request) => {
    const from = new Date(deps.clock.now().getTime() - request.query.days * DAY_MS);
    const rows = await deps.repo.hitsSince(from);
    return {
      hits: rows.map((h) => ({
        memberId: h.member_id,
        phone: h.phone,
        name: h.name,
        kind: h.kind,
        period: h.period,
        hits: Number(h.hits),
        lastAt: new Date(h.last_at).toISOString(),
      })),
    };
  });
}
