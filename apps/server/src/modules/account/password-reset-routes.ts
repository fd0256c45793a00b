import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOkResponse, ZPasswordForgotResponse, ZPasswordResetRequest, type createAccountSchemas } from '@jetton/contract/account';
import { ROUTES } from '@jetton/contract/routes';
import type { AccountRulesSource } from '../auth/account-rules.ts';
import { ipRateLimit } from '../auth/ip-rate-limit.ts';
import type { PasswordResetService } from './password-reset-service.ts';

type Deps = { reset: PasswordResetService; rules: AccountRulesSource; schemas: ReturnType<typeof createAccountSchemas> };

/** POST /api/password/forgot and /api/password/reset: public, limited per phone (service) and per IP like codes. */
export function registerPasswordResetRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    ROUTES.account.passwordForgot,
    {
      config: { rateLimit: ipRateLimit(deps.rules, 'otpSend') },
      schema: { tags: ['otp'], body: deps.schemas.ZOtpSendRequest, response: { 200: ZPasswordForgotResponse } },
    },
    async (request) => deps.reset.send(request.body.phoneNumber),
  );

  r.post(
    ROUTES.account.passwordReset,
    {
      config: { rateLimit: ipRateLimit(deps.rules, 'otpVerify') },
      schema: { tags: ['otp'], body: ZPasswordResetRequest, response: { 200: ZOkResponse } },
    },
    async (request) => {
      await deps.reset.reset(request.body);
      return { message: 'OK' as const };
    },
  );
}
