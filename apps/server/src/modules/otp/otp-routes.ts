import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOtpSendResponse, ZOtpVerifyRequest, ZOtpVerifyResponse, type createAccountSchemas } from '@jetton/contract/account';
import { ROUTES } from '@jetton/contract/routes';
import type { AccountRulesSource } from '../auth/account-rules.ts';
import { ipRateLimit } from '../auth/ip-rate-limit.ts';
import type { OtpService } from './otp-service.ts';

type Deps = { otp: OtpService; rules: AccountRulesSource; schemas: ReturnType<typeof createAccountSchemas> };

/** POST /api/otp/send and /api/otp/verify: public, limited per phone (service) and per IP (here). */
export function registerOtpRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    ROUTES.account.otpSend,
    {
      config: { rateLimit: ipRateLimit(deps.rules, 'otpSend') },
      schema: { tags: ['otp'], body: deps.schemas.ZOtpSendRequest, response: { 200: ZOtpSendResponse } },
    },
    async (request) => deps.otp.send(request.body.phoneNumber),
  );

  r.post(
    ROUTES.account.otpVerify,
    {
      config: { rateLimit: ipRateLimit(deps.rules, 'otpVerify') },
      schema: { tags: ['otp'], body: ZOtpVerifyRequest, response: { 200: ZOtpVerifyResponse } },
    },
    async (request) => deps.otp.verify(request.body),
  );
}
