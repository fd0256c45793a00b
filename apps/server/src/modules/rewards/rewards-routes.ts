import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '@jetton/contract/routes';
import {
  ZBannerList,
  ZBonusActive,
  ZBonusList,
  ZBonusMinimum,
  ZInviteList,
  ZMessageAnswer,
  ZPromotion,
  ZPromotionCurrent,
  ZRefundCheck,
  ZRefundList,
  ZRewardCodeParam,
  ZRewardPageRequest,
  ZUserBonus,
} from '@jetton/contract/rewards';
import { memberOf } from '../auth/member-guard.ts';
import type { BonusService } from './bonus-service.ts';
import type { InviteRefundService } from './invite-refund-service.ts';

/**
 * The member's reward calls (docs/rewards.md, "Calls"): bonus, promotion,
 * invite and refund. Thin: parse, call the service, answer. Receiving is a GET
 * as the web calls it; a repeated call cannot grant twice (one active bonus,
 * rows marked received in the same transaction).
 */
export function registerRewardsRoutes(app: FastifyInstance, deps: { bonuses: BonusService; rewards: InviteRefundService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = { onRequest: app.requireMember };
  const security = [{ bearer: [] }];
  const { bonuses, rewards } = deps;

  r.get(ROUTES.bonus.list, { ...member, schema: { tags: ['bonus'], security, response: { 200: ZBonusList } } }, (request) =>
    bonuses.list(memberOf(request).memberId),
  );
  r.get(
    ROUTES.bonus.activate,
    { ...member, schema: { tags: ['bonus'], security, params: ZRewardCodeParam, response: { 200: ZUserBonus } } },
    (request) => bonuses.activate(memberOf(request).memberId, request.params.code),
  );
  r.get(ROUTES.bonus.checkActive, { ...member, schema: { tags: ['bonus'], security, response: { 200: ZBonusActive } } }, (request) =>
    bonuses.checkActive(memberOf(request).memberId),
  );
  r.get(ROUTES.bonus.checkMinimum, { ...member, schema: { tags: ['bonus'], security, response: { 200: ZBonusMinimum } } }, (request) =>
    bonuses.minimum(memberOf(request).memberId),
  );
  r.get(ROUTES.bonus.clear, { ...member, schema: { tags: ['bonus'], security, response: { 200: ZMessageAnswer } } }, (request) =>
    bonuses.clear(memberOf(request).memberId),
  );

  r.get(
    ROUTES.promotion.current,
    { ...member, schema: { tags: ['promotion'], security, response: { 200: ZPromotionCurrent } } },
    (request) => bonuses.currentPromotion(memberOf(request).memberId),
  );
  r.get(
    ROUTES.promotion.find,
    { ...member, schema: { tags: ['promotion'], security, params: ZRewardCodeParam, response: { 200: ZPromotion } } },
    (request) => bonuses.findPromotion(memberOf(request).memberId, request.params.code),
  );
  r.get(
    ROUTES.promotion.activate,
    { ...member, schema: { tags: ['promotion'], security, params: ZRewardCodeParam, response: { 200: ZUserBonus } } },
    (request) => bonuses.activatePromotion(memberOf(request).memberId, request.params.code),
  );

  r.post(
    ROUTES.invite.list,
    { ...member, schema: { tags: ['invite'], security, body: ZRewardPageRequest, response: { 200: ZInviteList } } },
    (request) => rewards.invites(memberOf(request).memberId, request.body.page, request.body.limit),
  );
  r.get(ROUTES.invite.bonus, { ...member, schema: { tags: ['invite'], security, response: { 200: ZMessageAnswer } } }, (request) =>
    rewards.receiveInvite(memberOf(request).memberId),
  );
  r.get(ROUTES.invite.banners, { ...member, schema: { tags: ['invite'], security, response: { 200: ZBannerList } } }, () =>
    rewards.banners('invite'),
  );

  r.post(
    ROUTES.refund.list,
    { ...member, schema: { tags: ['refund'], security, body: ZRewardPageRequest, response: { 200: ZRefundList } } },
    (request) => rewards.refunds(memberOf(request).memberId, request.body.page, request.body.limit),
  );
  r.get(ROUTES.refund.check, { ...member, schema: { tags: ['refund'], security, response: { 200: ZRefundCheck } } }, (request) =>
    rewards.checkRefund(memberOf(request).memberId),
  );
  r.get(ROUTES.refund.receive, { ...member, schema: { tags: ['refund'], security, response: { 200: ZMessageAnswer } } }, (request) =>
    rewards.receiveRefund(memberOf(request).memberId),
  );
  r.get(ROUTES.refund.addWallet, { ...member, schema: { tags: ['refund'], security, response: { 200: ZMessageAnswer } } }, (request) =>
    rewards.refundToWallet(memberOf(request).memberId),
  );
  r.get(ROUTES.refund.banners, { ...member, schema: { tags: ['refund'], security, response: { 200: ZBannerList } } }, () =>
    rewards.banners('refund'),
  );
}
