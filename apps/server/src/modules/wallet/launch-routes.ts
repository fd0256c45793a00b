import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { ROUTES } from '@jetton/contract/routes';
import { ZAutoLoginParams, ZAutoLoginQuery, ZAutoLoginResponse } from '@jetton/contract/wallet';
import { memberOf } from '../auth/member-guard.ts';
import { AUTO_SUBMIT_JS, launchPageHtml } from './launch-page.ts';
import type { LaunchService } from './launch-service.ts';

const ZTicketParams = z.object({ ticket: text().regex(/^[A-Za-z0-9_-]{16,64}$/) });

/** Game launch: the member's link, and the one-time form page behind form launchers. */
export function registerLaunchRoutes(app: FastifyInstance, deps: { launch: LaunchService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    ROUTES.autoLogin,
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['wallet'],
        security: [{ bearer: [] }],
        params: ZAutoLoginParams,
        querystring: ZAutoLoginQuery,
        response: { 200: ZAutoLoginResponse },
      },
    },
    async (request) => {
      const { game, username } = request.params;
      return deps.launch.link(memberOf(request), { game, username, platform: request.query.platform });
    },
  );

  r.get(ROUTES.gameLaunchScript, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(AUTO_SUBMIT_JS),
  );

  // Opened in the member's browser without a bearer token: the one-time ticket is the credential.
  r.get(ROUTES.gameLaunch, { schema: { hide: true, params: ZTicketParams } }, async (request, reply) => {
    const form = await deps.launch.formFor(request.params.ticket);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(launchPageHtml(form, ROUTES.gameLaunchScript));
  });
}
