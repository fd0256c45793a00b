import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZBankAccountNameRequest,
  ZChangePasswordRequest,
  ZChangePasswordResponse,
  ZOkResponse,
  ZProfileResponse,
  ZProfileUpdateRequest,
  ZRegisterResponse,
  ZValidateResponse,
  type createAccountSchemas,
} from '@jetton/contract/account';
import { ROUTES } from '@jetton/contract/routes';
import type { AccountRulesSource } from '../auth/account-rules.ts';
import { ipRateLimit } from '../auth/ip-rate-limit.ts';
import { memberOf } from '../auth/member-guard.ts';
import type { ProfileService } from './profile-service.ts';
import type { RegistrationService } from './registration-service.ts';

type Deps = {
  registration: RegistrationService;
  profile: ProfileService;
  rules: AccountRulesSource;
  schemas: ReturnType<typeof createAccountSchemas>;
};

const OK = { message: 'OK' } as const;
const bearer = [{ bearer: [] }];

/** Registration (public) and the member's own profile (behind requireMember). */
export function registerAccountRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const registerLimit = { rateLimit: ipRateLimit(deps.rules, 'register') };

  r.post(
    ROUTES.account.validate,
    { config: registerLimit, schema: { tags: ['account'], body: deps.schemas.ZValidateRequest, response: { 200: ZValidateResponse } } },
    async (request) => {
      await deps.registration.validate(request.body);
      return { valid: true as const };
    },
  );

  r.post(
    ROUTES.account.register,
    { config: registerLimit, schema: { tags: ['account'], body: deps.schemas.ZRegisterRequest, response: { 201: ZRegisterResponse } } },
    async (request, reply) => reply.status(201).send(await deps.registration.register(request.body)),
  );

  r.get(
    ROUTES.account.profile,
    { onRequest: app.requireMember, schema: { tags: ['account'], security: bearer, response: { 200: ZProfileResponse } } },
    async (request) => deps.profile.profile(memberOf(request).memberId),
  );

  r.put(
    ROUTES.account.profile,
    {
      onRequest: app.requireMember,
      schema: { tags: ['account'], security: bearer, body: ZProfileUpdateRequest, response: { 200: ZOkResponse } },
    },
    async (request) => {
      await deps.profile.updateProfile(memberOf(request).memberId, request.body);
      return OK;
    },
  );

  r.put(
    ROUTES.account.changePassword,
    {
      onRequest: app.requireMember,
      schema: { tags: ['account'], security: bearer, body: ZChangePasswordRequest, response: { 200: ZChangePasswordResponse } },
    },
    async (request) => deps.profile.changePassword(memberOf(request).memberId, request.body),
  );

  r.put(
    ROUTES.account.bankAccountName,
    {
      onRequest: app.requireMember,
      schema: { tags: ['account'], security: bearer, body: ZBankAccountNameRequest, response: { 200: ZOkResponse } },
    },
    async (request) => {
      await deps.profile.updateBankAccountName(memberOf(request).memberId, request.body);
      return OK;
    },
  );
}
