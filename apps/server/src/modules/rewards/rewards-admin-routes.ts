import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZIdParam } from '@jetton/contract/admin/money';
import {
  ZAdminBannersRequest,
  ZAdminDefinition,
  ZAdminDefinitionInput,
  ZAdminDefinitionList,
  ZAdminEndBonusRequest,
  ZAdminMemberBonus,
  ZAdminMemberBonusList,
  ZBannerPlacementParam,
  type TAdminDefinitionInput,
} from '@jetton/contract/admin/rewards';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { fromMinor, toMinor } from '@jetton/contract/money';
import { ZBannerList } from '@jetton/contract/rewards';
import { adminRoute, operatorOf } from '../admin/admin-guard.ts';
import type { MemberBonus } from './bonus-lifecycle.ts';
import type { BonusDefinition, DefinitionInput } from './definition-repository.ts';
import { definitionTerms } from './definition-wire.ts';
import type { OperatorRewardsService, RewardsActor } from './operator-rewards-service.ts';

const R = ADMIN_ROUTES.rewards;
const actor = (request: FastifyRequest): RewardsActor => ({ operatorId: operatorOf(request).operatorId, ip: request.ip });

const toInput = (body: TAdminDefinitionInput): DefinitionInput => ({
  ...body,
  maxBonus: toMinor(body.maxBonus),
  minDeposit: toMinor(body.minDeposit),
  validFrom: body.validFrom ? new Date(body.validFrom) : null,
  validTo: body.validTo ? new Date(body.validTo) : null,
});

const definitionView = (d: BonusDefinition) => ({
  id: d.id,
  origin: d.origin,
  ...definitionTerms(d),
  names: d.names,
  notices: d.notices,
  categoryWeights: d.category_weights,
  active: d.active,
  validFrom: d.valid_from?.toISOString() ?? null,
  validTo: d.valid_to?.toISOString() ?? null,
  expiryDays: d.expiry_days,
  maxUses: d.max_uses,
  uses: d.uses,
});

const bonusView = (b: MemberBonus) => ({
  id: b.id,
  origin: b.origin,
  code: b.code,
  status: b.status,
  endReason: b.end_reason,
  credit: fromMinor(b.credit),
  turnover: { done: fromMinor(b.turnover_done), target: fromMinor(b.turnover_target) },
  takenBack: fromMinor(b.taken_back),
  percentFail: b.percent_fail,
  activatedAt: b.activated_at.toISOString(),
  endedAt: b.ended_at?.toISOString() ?? null,
  expiresAt: b.expires_at?.toISOString() ?? null,
});

/** The back office's rewards routes, all behind `rewards.manage` (docs/rewards.md, "Operator side"). */
export function registerRewardsAdminRoutes(app: FastifyInstance, operator: OperatorRewardsService): void {
  adminRoute(app, R.definitions, { schema: { response: { 200: ZAdminDefinitionList } } }, async () => ({
    definitions: (await operator.listDefinitions()).map(definitionView),
  }));
  adminRoute(
    app,
    R.createDefinition,
    { schema: { body: ZAdminDefinitionInput, response: { 201: ZAdminDefinition } } },
    async (request, reply) =>
      reply.status(201).send(definitionView(await operator.createDefinition(toInput(request.body), actor(request)))),
  );
  adminRoute(
    app,
    R.updateDefinition,
    { schema: { params: ZIdParam, body: ZAdminDefinitionInput, response: { 200: ZAdminDefinition } } },
    async (request) => definitionView(await operator.updateDefinition(request.params.id, toInput(request.body), actor(request))),
  );
  adminRoute(
    app,
    R.banners,
    { schema: { params: ZBannerPlacementParam, body: ZAdminBannersRequest, response: { 200: ZBannerList } } },
    (request) => operator.replaceBanners(request.params.placement, request.body.banners, actor(request)),
  );
  adminRoute(app, R.memberBonuses, { schema: { params: ZIdParam, response: { 200: ZAdminMemberBonusList } } }, async (request) => ({
    bonuses: (await operator.memberBonuses(request.params.id)).map(bonusView),
  }));
  adminRoute(
    app,
    R.endBonus,
    { schema: { params: ZIdParam, body: ZAdminEndBonusRequest, response: { 200: ZAdminMemberBonus } } },
    async (request) =>
      bonusView(await operator.endMemberBonus(request.params.id, request.body.reason, request.body.keepPercent, actor(request))),
  );
}
