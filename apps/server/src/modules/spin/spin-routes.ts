import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROUTES } from '@jetton/contract/routes';
import {
  ZCouponClaimRequest,
  ZCouponClaimResponse,
  ZCouponListQuery,
  ZCouponListResponse,
  ZSeedRotateRequest,
  ZSeedRotateResponse,
  ZSpinActiveResponse,
  ZSpinFairness,
  ZSpinHistoryQuery,
  ZSpinHistoryResponse,
  ZSpinResponse,
  ZSpinSetupResponse,
  ZSpinWheelConfig,
  ZWheelVersionResponse,
} from '@jetton/contract/spin';
import { AppError } from '../../http/app-error.ts';
import type { Idempotency } from '../../http/idempotency.ts';
import { memberOf } from '../auth/member-guard.ts';
import type { SpinService } from './spin-service.ts';
import { configOf, type WheelService } from './wheel-service.ts';

const ZVersionParams = z.object({ version: z.coerce.number().int().min(1).max(1_000_000) });

/** The wheel's member calls (docs/spin.md, "Calls"); spin and claim take an Idempotency-Key. */
export function registerSpinRoutes(
  app: FastifyInstance,
  deps: { spins: SpinService; wheels: WheelService; idempotency: Idempotency; sandbox: boolean },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { spins } = deps;
  const member = { onRequest: app.requireMember };
  const tags = ['spin'];
  const security = [{ bearer: [] }];
  const keyed = { ...member, ...deps.idempotency.route((request) => memberOf(request).memberId) };

  r.get(ROUTES.spinwheel.active, { ...member, schema: { tags, security, response: { 200: ZSpinActiveResponse } } }, async () => ({
    active: await spins.active(),
  }));
  r.get(ROUTES.spinwheel.setup, { ...member, schema: { tags, security, response: { 200: ZSpinSetupResponse } } }, async (request) =>
    spins.setup(memberOf(request).memberId),
  );
  r.post(ROUTES.spinwheel.spin, { ...keyed, schema: { tags, security, response: { 200: ZSpinResponse } } }, async (request) =>
    spins.spin(memberOf(request).memberId),
  );
  r.get(
    ROUTES.spinwheel.coupon,
    { ...member, schema: { tags, security, querystring: ZCouponListQuery, response: { 200: ZCouponListResponse } } },
    async (request) => spins.coupons(memberOf(request).memberId, request.query.page, request.query.limit),
  );
  r.post(
    ROUTES.spinwheel.claim,
    { ...keyed, schema: { tags, security, body: ZCouponClaimRequest, response: { 200: ZCouponClaimResponse } } },
    async (request) => spins.claim(memberOf(request).memberId, request.body.coupon),
  );
  r.get(ROUTES.spinwheel.fairness, { ...member, schema: { tags, security, response: { 200: ZSpinFairness } } }, async (request) =>
    spins.fairness(memberOf(request).memberId),
  );
  r.post(
    ROUTES.spinwheel.rotateSeed,
    { ...member, schema: { tags, security, body: ZSeedRotateRequest, response: { 200: ZSeedRotateResponse } } },
    async (request) => spins.rotateSeed(memberOf(request).memberId, request.body.clientSeed),
  );
  r.get(
    ROUTES.spinwheel.history,
    { ...member, schema: { tags, security, querystring: ZSpinHistoryQuery, response: { 200: ZSpinHistoryResponse } } },
    async (request) => spins.history(memberOf(request).memberId, request.query.page, request.query.limit),
  );
  // Public: a wheel version's weights are what anyone needs to recompute a revealed draw.
  r.get(
    ROUTES.spinwheel.wheelVersion,
    { schema: { tags, params: ZVersionParams, response: { 200: ZWheelVersionResponse } } },
    async (request) => {
      const wheel = await deps.wheels.version(request.params.version);
      if (!wheel) throw new AppError('NO_DATA');
      return { version: wheel.version, name: wheel.name, slices: wheel.slices.map(({ code, label, weight }) => ({ code, label, weight })) };
    },
  );

  if (!deps.sandbox) return;
  // The sandbox operator's stand-in for the back office's wheel screen (docs/sandbox.md): save a wheel, read the report.
  r.post('/sandbox/ops/spin-wheel', { schema: { hide: true, body: ZSpinWheelConfig } }, async (request) => deps.wheels.save(request.body));
  r.get('/sandbox/ops/spin-wheel', { schema: { hide: true } }, async () => {
    const wheel = await deps.wheels.current();
    if (!wheel) throw new AppError('NO_DATA');
    return { version: wheel.version, ...configOf(wheel) };
  });
  r.get('/sandbox/ops/spin-wheel/report', { schema: { hide: true } }, async () => {
    const wheel = await deps.wheels.current();
    if (!wheel) throw new AppError('NO_DATA');
    return deps.wheels.report(wheel.version);
  });
}
