import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZLoginRequest, ZLoginResponse, ZOkResponse } from '@jetton/contract/account';
import { ROUTES } from '@jetton/contract/routes';
import type { AccountRulesSource } from './account-rules.ts';
import type { AuthService } from './auth-service.ts';
import { ipRateLimit } from './ip-rate-limit.ts';
import { memberOf } from './member-guard.ts';

/** POST /api/login and POST /api/logout. */
export function registerAuthRoutes(app: FastifyInstance, deps: { auth: AuthService; rules: AccountRulesSource }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    ROUTES.account.login,
    {
      config: { rateLimit: ipRateLimit(deps.rules, 'login') },
      schema: { tags: ['auth'], body: ZLoginRequest, response: { 200: ZLoginResponse } },
    },
    async (request) => deps.auth.login(request.body),
  );

  // Logout ends every session of the member, on every device (docs/accounts.md, "Sessions and tokens").
  r.post(
    ROUTES.account.logout,
    { onRequest: app.requireMember, schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: ZOkResponse } } },
    async (request) => {
      await deps.auth.logout(memberOf(request).memberId);
      return { message: 'OK' as const };
    },
  );
}
