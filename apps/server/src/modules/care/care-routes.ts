import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromMinor } from '@jetton/contract/money';
import {
  ZBreakRequest,
  ZBreakState,
  ZCareHold,
  ZLimitChange,
  ZLimitPendingAction,
  ZLimitsState,
  ZRealityCheck,
  ZRealityCheckAnswer,
  ZRealityCheckSetting,
} from '@jetton/contract/care';
import { ROUTES } from '@jetton/contract/routes';
import { memberOf } from '../auth/member-guard.ts';
import type { BreakService } from './break-service.ts';
import type { CareRepository } from './care-repository.ts';
import type { LimitsService } from './limits-service.ts';
import type { RealityCheckService } from './reality-check-service.ts';

const security = [{ bearer: [] }];

/** The member's own limits, break and held deposits (docs/player-care.md). */
export function registerCareRoutes(
  app: FastifyInstance,
  deps: { limits: LimitsService; breaks: BreakService; repo: CareRepository; reality: RealityCheckService },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = { onRequest: app.requireMember };
  const tags = ['care'];
  r.get(ROUTES.care.limits, { ...guarded, schema: { tags, security, response: { 200: ZLimitsState } } }, async (request) =>
    deps.limits.state(memberOf(request)),
  );
  r.put(
    ROUTES.care.limits,
    { ...guarded, schema: { tags, security, body: ZLimitChange, response: { 200: ZLimitsState } } },
    async (request) => deps.limits.change(memberOf(request), request.body),
  );
  r.post(
    ROUTES.care.limitConfirm,
    { ...guarded, schema: { tags, security, body: ZLimitPendingAction, response: { 200: ZLimitsState } } },
    async (request) => deps.limits.confirm(memberOf(request), request.body),
  );
  r.post(
    ROUTES.care.limitCancel,
    { ...guarded, schema: { tags, security, body: ZLimitPendingAction, response: { 200: ZLimitsState } } },
    async (request) => deps.limits.cancel(memberOf(request), request.body),
  );
  r.get(ROUTES.care.break, { ...guarded, schema: { tags, security, response: { 200: ZBreakState } } }, async (request) =>
    deps.breaks.state(memberOf(request).memberId),
  );
  r.post(
    ROUTES.care.break,
    { ...guarded, schema: { tags, security, body: ZBreakRequest, response: { 200: ZBreakState } } },
    async (request) => deps.breaks.start(memberOf(request).memberId, request.body.choice, request.body.password),
  );
  r.get(ROUTES.care.realityCheck, { ...guarded, schema: { tags, security, response: { 200: ZRealityCheck } } }, async (request) =>
    deps.reality.state(memberOf(request).memberId),
  );
  r.put(
    ROUTES.care.realityCheck,
    { ...guarded, schema: { tags, security, body: ZRealityCheckSetting, response: { 200: ZRealityCheck } } },
    async (request) => deps.reality.setMinutes(memberOf(request).memberId, request.body.minutes),
  );
  r.post(
    ROUTES.care.realityCheck,
    { ...guarded, schema: { tags, security, body: ZRealityCheckAnswer, response: { 200: ZRealityCheck } } },
    async (request) => deps.reality.answer(memberOf(request).memberId, request.body.choice),
  );
  r.get(
    ROUTES.care.holds,
    { ...guarded, schema: { tags, security, response: { 200: z.object({ holds: z.array(ZCareHold) }) } } },
    async (request) => ({ holds: (await deps.repo.holdsOf(memberOf(request).memberId)).map(holdView) }),
  );
}

export function holdView(row: Awaited<ReturnType<CareRepository['holdsOf']>>[number]) {
  return {
    id: row.id,
    amount: fromMinor(row.amount),
    currency: row.currency,
    reason: row.reason,
    status: row.status,
    heldAt: row.held_at.toISOString(),
  };
}
