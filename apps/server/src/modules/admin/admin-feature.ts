import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { createLoginThrottleRepository } from '../auth/login-throttle-repository.ts';
import { createSigner } from '../auth/signer.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';
import { registerAdminAuthRoutes } from './admin-auth-routes.ts';
import { operatorChatAuthenticator } from './admin-chat.ts';
import { registerAdminGuard } from './admin-guard.ts';
import { createAdminRules } from './admin-rules.ts';
import { createAuditService } from './audit-service.ts';
import { createOperatorAuthService } from './operator-auth-service.ts';
import { createOperatorRepository } from './operator-repository.ts';
import { createOperatorsService } from './operators-service.ts';
import { createTotpBox } from './totp.ts';

type Deps = { config: Config; db: Kysely<DB>; clock: Clock; settings: SettingsRepository };

/**
 * The back office's foundation (docs/operators.md): operators, their login and
 * sessions, the admin guard (`app.adminGuard`, used through adminRoute and
 * requirePermission in admin-guard.ts) and the audit trail. Registered before
 * any module with admin routes.
 */
export function registerAdminFeature(app: FastifyInstance, deps: Deps) {
  const { config, db, clock } = deps;
  const rules = createAdminRules({
    settings: deps.settings,
    clock,
    onInvalid: (issues) => app.log.error({ issues }, 'rules.admin setting malformed: using defaults'),
  });
  const operators = createOperatorRepository(db);
  const auth = createOperatorAuthService({
    db,
    operators,
    throttle: createLoginThrottleRepository(db),
    rules,
    signer: createSigner(config.secrets.tokenSecret),
    totpBox: createTotpBox(config.secrets.tokenSecret),
    clock,
    sandbox: config.sandbox,
  });
  registerAdminGuard(app, { auth, rules });
  const audit = createAuditService(db);
  registerAdminAuthRoutes(app, { auth, operators: createOperatorsService({ db, operators, clock }), audit });
  return { auth, operators, rules, authenticateChatAgent: operatorChatAuthenticator(auth) };
}
