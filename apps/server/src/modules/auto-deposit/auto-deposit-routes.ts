import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZForwardedSmsAnswer,
  ZForwarder,
  ZForwarderCreate,
  ZForwarderCreated,
  ZForwarderList,
  ZIncomingAssign,
  ZIncomingLine,
  ZIncomingList,
  ZIncomingQuery,
  ZIncomingReturn,
} from '@jetton/contract/admin/auto-deposit';
import { ZIdParam } from '@jetton/contract/admin/money';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { MINUTE_MS } from '@jetton/contract/site-time';
import { text } from '@jetton/contract/text';
import {
  FORWARDER_SIGNATURE_HEADER,
  FORWARDER_TIMESTAMP_HEADER,
  SMS_WEBHOOK_PATH,
} from '../../adapters/sms-forwarder/forwarder-signature.ts';
import { adminRoute, operatorOf } from '../admin/admin-guard.ts';
import type { DeskOperator } from '../money-desk/desk-deps.ts';
import type { AutoDepositRulesSource } from './auto-deposit-rules.ts';
import type { ForwarderService } from './forwarder-service.ts';
import type { UnmatchedDesk } from './unmatched-desk.ts';

const who = (request: FastifyRequest): DeskOperator => ({ id: operatorOf(request).operatorId, ip: request.ip });
const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * Automatic deposits' routes (docs/auto-deposit.md): the forwarder devices'
 * webhook (signed, rate limited per device), and the back office's forwarder
 * registry and unmatched deposits queue. Thin: parse, call, return.
 */
export async function registerAutoDepositRoutes(
  app: FastifyInstance,
  deps: { forwarders: ForwarderService; desk: UnmatchedDesk; rules: AutoDepositRulesSource },
): Promise<void> {
  await app.register((scope, _options, done) => {
    // The signature covers the exact bytes sent: keep the raw body, parse it only after checking.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 8 * 1024 }, (_request, body, next) => next(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      SMS_WEBHOOK_PATH,
      {
        schema: { tags: ['deposit'], params: z.object({ id: text().max(64) }), response: { 200: ZForwardedSmsAnswer } },
        config: {
          rateLimit: {
            max: async () => (await deps.rules.get()).smsPerMinute,
            timeWindow: MINUTE_MS,
            keyGenerator: (request: FastifyRequest) => `sms-forwarder:${(request.params as { id?: string }).id ?? ''}`,
          },
        },
      },
      async (request) =>
        deps.forwarders.receive(
          request.params.id,
          {
            timestamp: header(request.headers[FORWARDER_TIMESTAMP_HEADER]),
            signature: header(request.headers[FORWARDER_SIGNATURE_HEADER]),
          },
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        ),
    );
    done();
  });

  const R = ADMIN_ROUTES;
  adminRoute(app, R.smsForwarders.list, { schema: { response: { 200: ZForwarderList } } }, () => deps.forwarders.list());
  adminRoute(
    app,
    R.smsForwarders.create,
    { schema: { body: ZForwarderCreate, response: { 201: ZForwarderCreated } } },
    async (request, reply) => reply.status(201).send(await deps.forwarders.register(who(request), request.body)),
  );
  adminRoute(app, R.smsForwarders.revoke, { schema: { params: ZIdParam, response: { 200: ZForwarder } } }, (request) =>
    deps.forwarders.revoke(who(request), request.params.id),
  );

  adminRoute(app, R.incomingDeposits.list, { schema: { querystring: ZIncomingQuery, response: { 200: ZIncomingList } } }, (request) =>
    deps.desk.list(request.query),
  );
  adminRoute(
    app,
    R.incomingDeposits.assign,
    { schema: { params: ZIdParam, body: ZIncomingAssign, response: { 200: ZIncomingLine } } },
    (request) => deps.desk.assign(who(request), request.params.id, request.body),
  );
  adminRoute(
    app,
    R.incomingDeposits.return,
    { schema: { params: ZIdParam, body: ZIncomingReturn, response: { 200: ZIncomingLine } } },
    (request) => deps.desk.markReturned(who(request), request.params.id, request.body.reason),
  );
}
