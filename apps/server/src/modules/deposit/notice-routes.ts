import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { ZDepositNoticeRequest, ZDepositNoticeResponse } from '@jetton/contract/deposit';
import { ROUTES } from '@jetton/contract/routes';
import type { Idempotency } from '../../http/idempotency.ts';
import { memberOf } from '../auth/member-guard.ts';
import { toNoticeView, type NoticeService } from './notice-service.ts';

const ZDecision = z.object({ id: text().max(64), decision: z.enum(['confirm', 'reject']) });

/** POST /api/wallet/add (member), and the sandbox operator's confirm/reject standing in for the back office. */
export function registerNoticeRoutes(
  app: FastifyInstance,
  deps: { notices: NoticeService; idempotency: Idempotency; sandbox: boolean },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    ROUTES.wallet.add,
    {
      onRequest: app.requireMember,
      schema: { tags: ['deposit'], security: [{ bearer: [] }], body: ZDepositNoticeRequest, response: { 201: ZDepositNoticeResponse } },
      ...deps.idempotency.route((request) => memberOf(request).memberId),
    },
    async (request, reply) =>
      reply.status(201).send(toNoticeView(await deps.notices.notify(memberOf(request).memberId, request.body.amount))),
  );
  if (!deps.sandbox) return;
  r.get('/sandbox/ops/deposits', { schema: { hide: true } }, async () => ({
    notices: (await deps.notices.listProcessing()).map((n) => ({ ...toNoticeView(n), memberId: n.member_id })),
  }));
  r.post('/sandbox/ops/deposits/:id/:decision', { schema: { hide: true, params: ZDecision } }, async (request) =>
    toNoticeView(await deps.notices.decide(request.params.id, request.params.decision)),
  );
}
