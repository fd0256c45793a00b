import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { toMinor, fromMinor } from '@jetton/contract/money';
import { ROUTES } from '@jetton/contract/routes';
import { ZTransferAllRequest, ZTransferRequest, ZTransferResponse, WALLET } from '@jetton/contract/wallet';
import type { Idempotency, IdempotencyResolver } from '../../http/idempotency.ts';
import { memberOf } from '../auth/member-guard.ts';
import type { TransferService } from './transfer-service.ts';

const tags = ['wallet'];
const security = [{ bearer: [] }];
/** 200 when the provider confirmed; 202 when its answer was lost and the server settles it (see ZTransferResponse). */
const statusOf = (status: 'SUCCESS' | 'PENDING') => (status === 'SUCCESS' ? 200 : 202);

/** Transfers between the wallet and the games; both money-moving POSTs take an Idempotency-Key. */
export function registerTransferRoutes(
  app: FastifyInstance,
  deps: { transfers: TransferService; idempotency: Idempotency; keyResolver: IdempotencyResolver },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A re-send whose first run died with its node is answered from the transfer it started (docs/faults.md).
  const idempotent = deps.idempotency.route((request) => memberOf(request).memberId, { resolve: deps.keyResolver });
  const keyOf = (request: FastifyRequest) => deps.idempotency.keyOf(request) ?? null;
  const response = { 200: ZTransferResponse, 202: ZTransferResponse };

  r.post(
    ROUTES.wallet.transfer,
    { onRequest: app.requireMember, ...idempotent, schema: { tags, security, body: ZTransferRequest, response } },
    async (request, reply) => {
      const { from, to, amount } = request.body;
      const result = await deps.transfers.transfer(memberOf(request), { from, to, amount: toMinor(amount) }, keyOf(request));
      return reply.status(statusOf(result.status)).send({ status: result.status, transferId: result.id, from, to, amount });
    },
  );

  r.post(
    ROUTES.wallet.transferAll,
    { onRequest: app.requireMember, ...idempotent, schema: { tags, security, body: ZTransferAllRequest, response } },
    async (request, reply) => {
      const { to } = request.body;
      const result = await deps.transfers.transferAll(memberOf(request), to, keyOf(request));
      return reply
        .status(statusOf(result.status))
        .send({ status: result.status, transferId: result.id, from: WALLET, to, amount: fromMinor(result.amount) });
    },
  );
}
