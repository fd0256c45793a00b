import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZTruelinkRequest, ZTruelinkResponse } from '@jetton/contract/deposit';
import { ROUTES } from '@jetton/contract/routes';
import type { Idempotency } from '../../http/idempotency.ts';
import { memberOf } from '../auth/member-guard.ts';
import type { GiftLinkService } from './gift-link-service.ts';

/** POST /api/wallet/truelink: a money-moving POST, so it takes an Idempotency-Key. */
export function registerGiftLinkRoutes(app: FastifyInstance, deps: { giftLinks: GiftLinkService; idempotency: Idempotency }): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    ROUTES.wallet.truelink,
    {
      onRequest: app.requireMember,
      schema: { tags: ['deposit'], security: [{ bearer: [] }], body: ZTruelinkRequest, response: { 200: ZTruelinkResponse } },
      ...deps.idempotency.route((request) => memberOf(request).memberId),
    },
    async (request) => deps.giftLinks.redeem(memberOf(request).memberId, request.body.link),
  );
}
