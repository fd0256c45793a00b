import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ZDashboard } from '@jetton/contract/admin/dashboard';
import {
  ZAdjustmentList,
  ZAdjustmentQuery,
  ZAdjustmentRejectRequest,
  ZAdjustmentRequest,
  ZAdminAdjustment,
  ZAdminDepositNotice,
  ZAdminSlip,
  ZAdminTransfer,
  ZAdminWithdrawal,
  ZDepositNoticeList,
  ZDepositNoticeQuery,
  ZHeldList,
  ZIdParam,
  ZNoticeDecisionRequest,
  ZRejectRequest,
  ZSettleRequest,
  ZSlipCreditRequest,
  ZSlipFailRequest,
  ZSlipList,
  ZSlipQuery,
  ZTransferList,
  ZTransferQuery,
  ZWithdrawalDecision,
  ZWithdrawalList,
  ZWithdrawalQuery,
} from '@jetton/contract/admin/money';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { AppError } from '../../http/app-error.ts';
import type { Idempotency } from '../../http/idempotency.ts';
import { adminRoute, operatorOf } from '../admin/admin-guard.ts';
import type { DeskOperator } from './desk-deps.ts';
import type { MoneyDesk } from './money-desk.ts';

const who = (request: FastifyRequest): DeskOperator => ({ id: operatorOf(request).operatorId, ip: request.ip });
const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema });

/**
 * The money desk's admin routes (docs/money-desk.md): thin; every one is an
 * entry of ADMIN_ROUTES, so the guard checks its one permission first.
 */
export function registerMoneyDeskRoutes(app: FastifyInstance, deps: { desk: MoneyDesk; idempotency: Idempotency }): void {
  const { desk } = deps;
  const R = ADMIN_ROUTES;

  adminRoute(app, R.dashboard.summary, { schema: { response: ok(ZDashboard) } }, () => desk.dashboard.summary());

  // Withdrawals
  adminRoute(app, R.withdrawals.list, { schema: { querystring: ZWithdrawalQuery, response: ok(ZWithdrawalList) } }, (request) =>
    desk.withdrawals.list(request.query),
  );
  adminRoute(app, R.withdrawals.detail, { schema: { params: ZIdParam, response: ok(ZAdminWithdrawal) } }, (request) =>
    desk.withdrawals.detail(request.params.id),
  );
  adminRoute(app, R.withdrawals.approve, { schema: { params: ZIdParam, response: ok(ZWithdrawalDecision) } }, (request) =>
    desk.withdrawals.approve(who(request), request.params.id),
  );
  adminRoute(app, R.withdrawals.confirm, { schema: { params: ZIdParam, response: ok(ZWithdrawalDecision) } }, (request) =>
    desk.withdrawals.confirm(who(request), request.params.id),
  );
  adminRoute(
    app,
    R.withdrawals.reject,
    { schema: { params: ZIdParam, body: ZRejectRequest, response: ok(ZWithdrawalDecision) } },
    (request) => desk.withdrawals.reject(who(request), request.params.id, request.body.reason),
  );

  // Held payouts and findings
  adminRoute(app, R.payouts.held, { schema: { response: ok(ZHeldList) } }, async () => ({ withdrawals: await desk.payouts.held() }));
  adminRoute(app, R.payouts.findings, { schema: { response: ok(ZHeldList) } }, async () => ({
    withdrawals: await desk.payouts.findings(),
  }));
  adminRoute(app, R.payouts.settle, { schema: { params: ZIdParam, body: ZSettleRequest, response: ok(ZAdminWithdrawal) } }, (request) =>
    desk.payouts.settle(who(request), request.params.id, request.body),
  );

  // Slips
  adminRoute(app, R.slips.list, { schema: { querystring: ZSlipQuery, response: ok(ZSlipList) } }, (request) =>
    desk.slips.list(request.query),
  );
  adminRoute(app, R.slips.detail, { schema: { params: ZIdParam, response: ok(ZAdminSlip) } }, (request) =>
    desk.slips.detail(request.params.id),
  );
  adminRoute(app, R.slips.image, { schema: { params: ZIdParam } }, async (request, reply) => {
    const image = await desk.slips.image(request.params.id);
    if (!image) throw new AppError('NO_DATA');
    // Only ever an image: the sniffed type, no sniffing by the browser, no script even if opened directly.
    return reply
      .type(image.type)
      .header('content-disposition', `inline; filename="slip-${request.params.id}.${image.type.slice('image/'.length)}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(image.bytes);
  });
  adminRoute(app, R.slips.credit, { schema: { params: ZIdParam, body: ZSlipCreditRequest, response: ok(ZAdminSlip) } }, (request) =>
    desk.slips.credit(who(request), request.params.id, request.body),
  );
  adminRoute(app, R.slips.fail, { schema: { params: ZIdParam, body: ZSlipFailRequest, response: ok(ZAdminSlip) } }, (request) =>
    desk.slips.fail(who(request), request.params.id, request.body),
  );

  // Manual deposit notices
  adminRoute(app, R.depositNotices.list, { schema: { querystring: ZDepositNoticeQuery, response: ok(ZDepositNoticeList) } }, (request) =>
    desk.notices.list(request.query),
  );
  for (const [route, decision] of [
    [R.depositNotices.confirm, 'confirm'],
    [R.depositNotices.reject, 'reject'],
  ] as const) {
    adminRoute(
      app,
      route,
      { schema: { params: ZIdParam, body: ZNoticeDecisionRequest.optional(), response: ok(ZAdminDepositNotice) } },
      (request) => desk.notices.decide(who(request), request.params.id, decision, request.body?.reason),
    );
  }

  // Manual adjustments (a new movement: Idempotency-Key, per operator)
  adminRoute(app, R.adjustments.list, { schema: { querystring: ZAdjustmentQuery, response: ok(ZAdjustmentList) } }, (request) =>
    desk.adjustments.list(request.query),
  );
  adminRoute(
    app,
    R.adjustments.propose,
    {
      ...deps.idempotency.route((request) => `operator:${operatorOf(request).operatorId}`),
      schema: { body: ZAdjustmentRequest, response: { 201: ZAdminAdjustment } },
    },
    async (request, reply) => reply.status(201).send(await desk.adjustments.propose(who(request), request.body)),
  );
  adminRoute(app, R.adjustments.confirm, { schema: { params: ZIdParam, response: ok(ZAdminAdjustment) } }, (request) =>
    desk.adjustments.confirm(who(request), request.params.id),
  );
  adminRoute(
    app,
    R.adjustments.reject,
    { schema: { params: ZIdParam, body: ZAdjustmentRejectRequest, response: ok(ZAdminAdjustment) } },
    (request) => desk.adjustments.reject(who(request), request.params.id, request.body.reason),
  );

  // Pending game transfers
  adminRoute(app, R.transfers.list, { schema: { querystring: ZTransferQuery, response: ok(ZTransferList) } }, (request) =>
    desk.transfers.list(request.query),
  );
  adminRoute(app, R.transfers.recheck, { schema: { params: ZIdParam, response: ok(ZAdminTransfer) } }, (request) =>
    desk.transfers.recheck(who(request), request.params.id),
  );
}
