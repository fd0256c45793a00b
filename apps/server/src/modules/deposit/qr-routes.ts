import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZQrCancelResponse,
  ZQrCreateRequest,
  ZQrIdParams,
  ZQrProviderParams,
  ZQrRulesResponse,
  ZQrStateResponse,
  ZQrStatusResponse,
} from '@jetton/contract/deposit';
import { ROUTES } from '@jetton/contract/routes';
import { QR_SIGNATURE_HEADER } from '../../adapters/qr-gateway/callback-signature.ts';
import { memberOf } from '../auth/member-guard.ts';
import type { QrService } from './qr-service.ts';

const bearer = [{ bearer: [] }];
export const QR_CALLBACK_PATH = '/api/qrcode/callback/:provider';

/** QR deposit for members, and the gateways' signed callback. */
export async function registerQrRoutes(app: FastifyInstance, qr: QrService): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['deposit'], security: bearer };

  r.get(
    ROUTES.qrcode.rules,
    { onRequest: app.requireMember, schema: { ...schema, response: { 200: ZQrRulesResponse } } },
    async (request) => ({
      providers: await qr.rules(memberOf(request).memberId),
    }),
  );

  r.get(
    ROUTES.qrcode.byProvider,
    { onRequest: app.requireMember, schema: { ...schema, params: ZQrProviderParams, response: { 200: ZQrStateResponse } } },
    async (request) => qr.state(memberOf(request).memberId, request.params.provider),
  );

  r.post(
    ROUTES.qrcode.byProvider,
    {
      onRequest: app.requireMember,
      schema: { ...schema, params: ZQrProviderParams, body: ZQrCreateRequest, response: { 200: ZQrStateResponse } },
    },
    async (request) => qr.create(memberOf(request).memberId, request.params.provider, request.body.amount),
  );

  r.get(
    ROUTES.qrcode.status,
    { onRequest: app.requireMember, schema: { ...schema, params: ZQrIdParams, response: { 200: ZQrStatusResponse } } },
    async (request) => qr.status(memberOf(request).memberId, request.params.qrcodeId),
  );

  r.delete(
    ROUTES.qrcode.byId,
    { onRequest: app.requireMember, schema: { ...schema, params: ZQrIdParams, response: { 200: ZQrCancelResponse } } },
    async (request) => {
      await qr.cancel(memberOf(request).memberId, request.params.qrcodeId);
      return { message: 'OK' as const };
    },
  );

  await app.register((scope, _options, done) => {
    // The signature covers the exact bytes sent: keep the raw body, parse it only after checking.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(QR_CALLBACK_PATH, { schema: { tags: ['deposit'], params: ZQrProviderParams } }, async (request) =>
        qr.callback(request.params.provider, request.body as Buffer, request.headers[QR_SIGNATURE_HEADER]),
      );
    done();
  });
}
