/**
 * The member guard: every member route uses it (docs/accounts.md, "The member guard").
 *
 *   app.get(ROUTES.wallet.summary, { onRequest: app.requireMember }, async (request) => {
 *     const member = memberOf(request); // { memberId, memberNo, phone, currency, sessionId }
 *     return walletService.summary(member.memberId);
 *   });
 *
 * or, for a whole plugin of member routes:
 *
 *   app.register(async (scope) => {
 *     scope.addHook('onRequest', scope.requireMember);
 *     scope.get(...);
 *   });
 *
 * It answers 503 {message:'gone'} while the operator has closed the service
 * (lookup `active` = gone), then 401 {message:'invalid-token'}
 * for a missing, malformed, forged, expired or revoked token or an inactive
 * member. Use it as `onRequest` so a refused call costs no body parsing. Never
 * take a member id from the URL or body: the member is always memberOf(request).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import type { AuthService } from './auth-service.ts';
import type { SessionMember } from './session-repository.ts';

export type AuthMember = SessionMember;

declare module 'fastify' {
  interface FastifyInstance {
    /** Hook that admits only a logged-in, active member (see member-guard.ts). */
    requireMember: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by requireMember; read it through memberOf(request). */
    member: AuthMember | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,512})$/;

export function registerMemberGuard(app: FastifyInstance, deps: { auth: AuthService; lookups: LookupService }): void {
  app.decorateRequest('member', null);
  app.decorate('requireMember', async (request: FastifyRequest): Promise<void> => {
    if ((await deps.lookups.get('active')).status === 'gone') throw new AppError('gone');
    const match = BEARER.exec(request.headers.authorization ?? '');
    const member = match?.[1] ? await deps.auth.authenticate(match[1]) : null;
    if (!member) throw new AppError('invalid-token');
    request.member = member;
  });
}

/** The member of a request that passed requireMember; invalid-token if the route forgot the guard. */
export function memberOf(request: FastifyRequest): AuthMember {
  if (!request.member) throw new AppError('invalid-token');
  return request.member;
}
