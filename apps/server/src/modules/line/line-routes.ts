import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOkResponse } from '@jetton/contract/account';
import { ZLineLinkCodeRequest, ZLineLinkCodeResponse, ZLineLinkState, ZLineLinkUpdate } from '@jetton/contract/line';
import { ROUTES } from '@jetton/contract/routes';
import { lineSignatureValid } from '../../adapters/line/line-messaging.ts';
import { AppError } from '../../http/app-error.ts';
import { memberOf } from '../auth/member-guard.ts';
import type { LineLinkService } from './line-link-service.ts';

const bearer = [{ bearer: [] }];

/** The member's LINE link, and LINE's webhook (its signature checked over the raw body before anything is read). */
export async function registerLineRoutes(app: FastifyInstance, deps: { links: LineLinkService; channelSecret: string }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['line'], security: bearer };

  r.post(
    ROUTES.line.linkCode,
    { onRequest: app.requireMember, schema: { ...schema, body: ZLineLinkCodeRequest, response: { 200: ZLineLinkCodeResponse } } },
    async (request) => deps.links.newCode(memberOf(request).memberId, request.body.lang),
  );
  r.get(ROUTES.line.link, { onRequest: app.requireMember, schema: { ...schema, response: { 200: ZLineLinkState } } }, async (request) =>
    deps.links.state(memberOf(request).memberId),
  );
  r.put(
    ROUTES.line.link,
    { onRequest: app.requireMember, schema: { ...schema, body: ZLineLinkUpdate, response: { 200: ZLineLinkState } } },
    async (request) => deps.links.update(memberOf(request).memberId, request.body),
  );
  r.delete(ROUTES.line.link, { onRequest: app.requireMember, schema: { ...schema, response: { 200: ZOkResponse } } }, async (request) => {
    await deps.links.unlink(memberOf(request).memberId);
    return { message: 'OK' as const };
  });

  await app.register((scope, _options, done) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, next) =>
      next(null, body),
    );
    scope.post(ROUTES.line.webhook, { schema: { tags: ['line'] } }, async (request) => {
      const raw = request.body as Buffer;
      if (!lineSignatureValid(raw, deps.channelSecret, request.headers['x-line-signature'])) throw new AppError('UNAUTHORIZED');
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('KEY_INVALID');
      }
      await deps.links.webhook(body);
      return {};
    });
    done();
  });
}
