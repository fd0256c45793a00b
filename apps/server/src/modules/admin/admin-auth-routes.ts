import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import {
  ZAdminEnrolRequest,
  ZAdminLoginRequest,
  ZAdminLoginResponse,
  ZAdminPasswordChange,
  ZAdminRecoveryRequest,
  ZAdminRecoveryResponse,
  ZAdminSessionResponse,
  ZAdminTotpRequest,
  ZOperator,
  ZOperatorCreate,
  ZOperatorCredentials,
  ZOperatorList,
  ZOperatorMe,
  ZOperatorUpdate,
} from '@jetton/contract/admin/auth';
import { ZAuditCheckpoint, ZAuditList, ZAuditQuery, ZAuditVerify } from '@jetton/contract/admin/audit';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { adminRoute, operatorOf, setAdminCookie } from './admin-guard.ts';
import type { AdminRulesSource } from './admin-rules.ts';
import type { AuditService } from './audit-service.ts';
import type { OperatorAuthService } from './operator-auth-service.ts';
import { operatorMe } from './operator-auth-service.ts';
import type { OperatorsService } from './operators-service.ts';

const ZId = z.object({ id: text().max(64) });
const ZOk = z.object({ ok: z.literal(true) });

/** Login steps, the operator's own account, operators (owners) and the audit trail: docs/operators.md. */
export function registerAdminAuthRoutes(
  app: FastifyInstance,
  deps: { auth: OperatorAuthService; operators: OperatorsService; audit: AuditService; rules: AdminRulesSource },
): void {
  const { auth } = deps;
  const R = ADMIN_ROUTES;
  // The login steps are open to anyone: a per-IP limit keeps a flood of guesses (and audit rows) down.
  const config = {
    rateLimit: {
      max: async () => (await deps.rules.get()).loginIpLimit.max,
      timeWindow: async () => (await deps.rules.get()).loginIpLimit.windowMs,
    },
  };

  adminRoute(
    app,
    R.auth.login,
    { config, schema: { body: ZAdminLoginRequest, response: { 200: ZAdminLoginResponse } } },
    async (request, reply) => {
      const { answer, token } = await auth.login(request.body, request.ip);
      if (token) setAdminCookie(request, reply, token);
      return answer;
    },
  );
  adminRoute(
    app,
    R.auth.totp,
    { config, schema: { body: ZAdminTotpRequest, response: { 200: ZAdminSessionResponse } } },
    async (request, reply) => {
      const { token, session } = await auth.totp(request.body, request.ip);
      setAdminCookie(request, reply, token);
      return session;
    },
  );
  adminRoute(
    app,
    R.auth.enrol,
    { config, schema: { body: ZAdminEnrolRequest, response: { 200: ZAdminSessionResponse } } },
    async (request, reply) => {
      const { token, session } = await auth.enrol(request.body, request.ip);
      setAdminCookie(request, reply, token);
      return session;
    },
  );
  adminRoute(app, R.auth.logout, { schema: { response: { 200: ZOk } } }, async (request, reply) => {
    await auth.logout(operatorOf(request), request.ip);
    setAdminCookie(request, reply, null);
    return { ok: true as const };
  });
  // The CSRF token comes back with `me`, so a reloaded page carries on without logging in again.
  adminRoute(app, R.auth.me, { schema: { response: { 200: ZAdminSessionResponse } } }, async (request, reply) => {
    const op = operatorOf(request);
    reply.header('cache-control', 'no-store');
    return { csrfToken: auth.csrfTokenOf(op.sessionId), me: operatorMe(op) };
  });
  adminRoute(app, R.auth.password, { schema: { body: ZAdminPasswordChange, response: { 200: ZOperatorMe } } }, async (request) =>
    auth.changePassword(operatorOf(request), request.body, request.ip),
  );
  adminRoute(
    app,
    R.auth.recoveryCodes,
    { schema: { body: ZAdminRecoveryRequest, response: { 200: ZAdminRecoveryResponse } } },
    async (request) => ({
      recoveryCodes: await auth.regenerateRecoveryCodes(operatorOf(request), request.body.code, request.ip),
    }),
  );

  adminRoute(app, R.operators.list, { schema: { response: { 200: ZOperatorList } } }, async () => ({
    operators: await deps.operators.list(),
  }));
  adminRoute(app, R.operators.create, { schema: { body: ZOperatorCreate, response: { 200: ZOperatorCredentials } } }, async (request) =>
    deps.operators.create(operatorOf(request), request.body, request.ip),
  );
  adminRoute(app, R.operators.update, { schema: { params: ZId, body: ZOperatorUpdate, response: { 200: ZOperator } } }, async (request) =>
    deps.operators.update(operatorOf(request), request.params.id, request.body, request.ip),
  );
  adminRoute(app, R.operators.reset, { schema: { params: ZId, response: { 200: ZOperatorCredentials } } }, async (request) =>
    deps.operators.reset(operatorOf(request), request.params.id, request.ip),
  );

  adminRoute(app, R.audit.list, { schema: { querystring: ZAuditQuery, response: { 200: ZAuditList } } }, async (request) =>
    deps.audit.search(request.query),
  );
  adminRoute(app, R.audit.verify, { schema: { response: { 200: ZAuditVerify } } }, async () => deps.audit.verify());
  // A download: the owner keeps the file outside the database (docs/operators.md, "Audit trail").
  adminRoute(app, R.audit.checkpoint, { schema: { response: { 200: ZAuditCheckpoint } } }, async (_request, reply) => {
    const checkpoint = await deps.audit.checkpoint();
    void reply.header('content-disposition', `attachment; filename="audit-checkpoint-${checkpoint.seq}.json"`);
    return checkpoint;
  });
}
